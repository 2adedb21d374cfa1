import { useSearch } from '@tanstack/react-router';
import { z } from 'zod';
import { useGetApiTextWallVideosByIdQuery, useGetApiVideoTemplatesByIdQuery } from '@/api/api';
import { useAppSelector } from '@/app/hooks';
import { PageHeader } from '@/components/layout/page-header';
import { Skeleton } from '@/components/ui/skeleton';
import { useBrandKits } from '@/features/brand';
import type { TemplateOf } from '@/features/templates';
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
 * and the copywriter writes new texts like those videos' (`like_video_ids`). `?template=<id>` (a
 * template of the home page) starts from that setup and writes the texts from the product.
 */
export const textWallSearchSchema = z.object({
  from: z.uuid().optional().catch(undefined),
  like: uuidList.optional().catch(undefined),
  template: z.uuid().optional().catch(undefined),
});

export function TextWallPage() {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const search = textWallSearchSchema.parse(useSearch({ strict: false }));
  const { from, template: templateId } = search;
  const like = search.like?.split(',');
  const source = useGetApiTextWallVideosByIdQuery(withTeamKey({ id: from ?? '' }, teamSlug), { skip: !teamSlug || !from });
  // a copy of a video wins over a template
  const wantsTemplate = !!templateId && !from;
  const template = useGetApiVideoTemplatesByIdQuery(withTeamKey({ id: templateId ?? '' }, teamSlug), { skip: !teamSlug || !wantsTemplate });
  const kits = useBrandKits();
  const found = template.data?.composition === 'text-wall' ? (template.data as TemplateOf<'text-wall'>) : undefined;
  // the builder reads a template (and the kits it names) once, when it mounts: it waits for them
  const isWaiting = wantsTemplate && (template.isLoading || kits.isLoading);
  const isMissing = wantsTemplate && !template.isLoading && !found;
  return (
    <>
      <PageHeader title="Create text walls" description="Hooks over background clips, rendered by the dozen." />
      {isMissing && (
        <p role="alert" className="mb-4 rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
          This template could not be opened (it may have been deleted). The builder starts from scratch.
        </p>
      )}
      {isWaiting ? (
        <div className="grid gap-4" aria-busy="true" aria-label="Loading the template">
          <Skeleton className="h-10" />
          <Skeleton className="h-64" />
        </div>
      ) : (
        /* the builder reads the video to copy, the template and its team's draft when it mounts: a
           new key when one of them arrives (or the team changes) starts it again from them, instead
           of copying them into state during a render */
        <TextWallBuilder
          key={`${teamSlug ?? ''}:${source.data?.id ?? 'new'}:${like?.join(',') ?? ''}:${found?.id ?? ''}`}
          teamSlug={teamSlug}
          source={source.data}
          like={source.data ? like : undefined}
          template={found}
        />
      )}
    </>
  );
}
