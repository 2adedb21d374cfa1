import { useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { useGetApiTextWallVideosByIdQuery } from '@/api/api';
import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/layout/page-header';
import { withTeamKey } from '@/lib/team-cache-key';
import { TextWallBuilder } from './text-wall-builder';

/**
 * Up to 20 video ids, comma-separated. The search keeps the string as it came (the router writes
 * the validated value back into the address: an array there would become `["…"]`, which the next
 * parse refuses, and the list was lost); the page splits it.
 */
const uuidList = z.string().refine((v) => {
  const ids = v.split(',');
  return ids.length >= 1 && ids.length <= 20 && ids.every((id) => z.uuid().safeParse(id).success);
});

/**
 * `?from=<text wall id>` starts from a copy of that video (duplicate and edit); with
 * `&like=<ids>` ("Make more like this" on /insights) it takes the video's setup but not its text,
 * and the copywriter writes new texts like those videos' (`like_video_ids`).
 */
export const textWallSearchSchema = z.object({ from: z.uuid().optional().catch(undefined), like: uuidList.optional().catch(undefined) });

export function TextWallPage() {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const search = textWallSearchSchema.parse(useSearch({ strict: false }));
  const from = search.from;
  const like = search.like?.split(',');
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
