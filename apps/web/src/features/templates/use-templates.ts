import { useGetApiVideoTemplatesQuery } from '@/api/api';
import { useAppSelector } from '@/app/hooks';
import { withTeamKey } from '@/lib/team-cache-key';
import type { TemplateComposition } from './template-setup';

/** templates a list or a picker shows: the newest 100 (a team keeps at most 200) */
export const TEMPLATES_PAGE_SIZE = 100;

/** The team's templates, newest first; of one composition when named (a builder's picker). */
export function useVideoTemplates(composition?: TemplateComposition) {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  return useGetApiVideoTemplatesQuery(withTeamKey({ pageSize: TEMPLATES_PAGE_SIZE, ...(composition ? { composition } : {}) }, teamSlug), { skip: !teamSlug });
}
