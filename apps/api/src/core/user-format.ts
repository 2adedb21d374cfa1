/** How a user is shown to others; shared by auth (the current user) and teams (members, inviters). */
export interface UserLike {
  email: string;
  firstName: string;
  lastName: string;
  avatarKey: string | null;
}

export function displayName(user: Pick<UserLike, 'email' | 'firstName' | 'lastName'>): string {
  const full = `${user.firstName} ${user.lastName}`.trim();
  return full || user.email;
}

/** Relative, as the original API's avatar_url could be; the web app prefixes the host. */
export function avatarUrl(user: Pick<UserLike, 'avatarKey'>): string | null {
  return user.avatarKey ? `/media/${user.avatarKey}` : null;
}
