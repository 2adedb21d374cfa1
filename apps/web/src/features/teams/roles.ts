/** Roles: admin and member; member is shown as 'Read only' (the original client's label). */
export const ROLE_OPTIONS = [
  { value: 'admin', label: 'Admin' },
  { value: 'member', label: 'Read only' },
] as const;

export type Role = (typeof ROLE_OPTIONS)[number]['value'];

export function roleLabel(role: string): string {
  return role === 'admin' ? 'Admin' : 'Read only';
}
