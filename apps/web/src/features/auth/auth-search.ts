/** Search params of /login and /signup: each kept only if present. */
export interface AuthSearch {
  invitation_id?: string;
  team_id?: string;
  email?: string;
  team_slug?: string;
}

export function validateAuthSearch(search: Record<string, unknown>): AuthSearch {
  const out: AuthSearch = {};
  for (const key of ['invitation_id', 'team_id', 'email', 'team_slug'] as const) {
    const value = search[key];
    if (value !== undefined && value !== null && value !== '') out[key] = String(value);
  }
  return out;
}
