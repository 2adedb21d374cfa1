/**
 * Team data under /api/ is chosen by the X-Team-Slug header, which RTK Query's cache key does not
 * see. Adding the slug to a query's argument (its query function reads only the fields it knows)
 * keeps each team's results apart, so switching teams never shows the previous team's list.
 */
export function withTeamKey<T extends object>(args: T, teamSlug: string | undefined): T & { teamSlug?: string } {
  return { ...args, teamSlug };
}
