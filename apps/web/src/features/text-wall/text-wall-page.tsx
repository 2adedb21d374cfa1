import { useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { useGetApiTextWallVideosByIdQuery } from '@/api/api';
import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/layout/page-header';
import { withTeamKey } from '@/lib/team-cache-key';
import { TextWallBuilder } from './text-wall-builder';

const uuidList = z
  .string()
  .transform((v) => v.split(',').filter(Boolean))
  .pipe(z.array(z.uuid()).min(1).max(20));

/**
 * `?from=<text wall id>` starts from a copy of that video (duplicate and edit); with
 * `&like=<ids>` ("Make more like this" on /insights) it takes the video's setup but not its text,
 * and the copywriter writes new texts like those videos' (`like_video_ids`).
 */
export const textWallSearchSchema = z.object({ from: z.uuid().optional().catch(undefined), like: uuidList.optional().catch(undefined) });

export function TextWallPage() {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const { from, like } = textWallSearchSchema.parse(useSearch({ strict: false }));
  const source = useGetApiTextWallVideosByIdQuery(withTeamKey({ id: from ?? '' }, teamSlug), { skip: !teamSlug || !from });
  return (
    <>
      <PageHeader title="Create text walls" description="Hooks over background clips, rendered by the dozen." />
      {/* the builder reads the video to copy and its team's draft when it mounts: a new key when
          that video arrives (or the team changes) starts it again from them, instead of copying
          them into state during a render */}
      <TextWallBuilder key={`${teamSlug ?? ''}:${source.data?.id ?? 'new'}:${like?.join(',') ?? ''}`} teamSlug={teamSlug} source={source.data} like={source.data ? like : undefined} />
    </>
  );
}
