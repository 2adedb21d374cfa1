import { Link } from '@tanstack/react-router';
import type { TextStyle } from '@hookwall/video/schemas';
import { useMemo, useState, type ReactNode } from 'react';
import { useGetApiBrandVideosQuery, usePostApiTextWallBackgroundVideosFromBrandVideoMutation, type BrandVideo, type TextWallBackgroundVideo } from '@/api/api';
import { describeError } from '@/api/errors';
import { LoadError } from '@/components/load-error';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { kindLabel } from '@/features/product-demos';
import { withTeamKey } from '@/lib/team-cache-key';
import { BackgroundTile, backgroundClip } from './background-tile';
import { BackgroundUpload } from './background-upload';
import type { BuilderDispatch } from './builder-state';
import { ClipPlacement } from './clip-placement';

// items-start: tiles keep their clip's shape, so a row's tiles differ in height
const GRID = 'grid grid-cols-3 items-start gap-3 sm:grid-cols-4 md:grid-cols-6';

function Group({ title, hint, children }: { title: string; hint?: ReactNode; children: ReactNode }) {
  const id = `bg-group-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <section className="grid gap-2" aria-labelledby={id}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 id={id} className="text-sm font-medium">
          {title}
        </h3>
        {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      </div>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">{children}</p>;

const Tiles = () => (
  <div className={GRID}>
    {Array.from({ length: 6 }, (_, i) => (
      <Skeleton key={i} className="aspect-[9/16] w-full" />
    ))}
  </div>
);

/**
 * Step 3: the clips behind the texts, used in turn across the videos (none: the brand gradient).
 * The built-in set, the team's uploaded backgrounds and the team's own clips (Product demos and
 * hooks): choosing a clip makes it a background once (POST from_brand_video/) and chooses that.
 */
export function BackgroundsStep({
  teamSlug,
  backgrounds,
  isLoading,
  backgroundIds,
  style,
  combine = 'cycle',
  dispatch,
}: {
  teamSlug: string | undefined;
  backgrounds: TextWallBackgroundVideo[];
  isLoading: boolean;
  backgroundIds: string[];
  style: Pick<TextStyle, 'clipFit' | 'barColor'>;
  /** how the chosen backgrounds meet the texts (the Style step's Combine choice) */
  combine?: 'cycle' | 'matrix';
  dispatch: BuilderDispatch;
}) {
  const clips = useGetApiBrandVideosQuery(withTeamKey({ pageSize: 100, status: 'ready' as const }, teamSlug), { skip: !teamSlug });
  const [fromClip] = usePostApiTextWallBackgroundVideosFromBrandVideoMutation();
  // clip id → its background, made in this step (until the library's list shows it)
  const [made, setMade] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string[]>([]);

  const clipList = useMemo(() => clips.data?.results ?? [], [clips.data]);
  const backgroundOf = useMemo(() => {
    const map = new Map(Object.entries(made));
    for (const bg of backgrounds) if (bg.source_brand_video_id) map.set(bg.source_brand_video_id, bg.id);
    return map;
  }, [backgrounds, made]);
  const builtins = backgrounds.filter((bg) => bg.is_builtin);
  // a background made from a clip shows as that clip; once the clip is deleted, as one of the team's own
  const clipIds = new Set(clipList.map((c) => c.id));
  const own = backgrounds.filter((bg) => !bg.is_builtin && !(bg.source_brand_video_id && clipIds.has(bg.source_brand_video_id)));

  const chooseClip = async (clip: BrandVideo) => {
    const existing = backgroundOf.get(clip.id);
    if (existing) return dispatch({ type: 'toggleBackground', id: existing });
    if (busy.includes(clip.id)) return;
    // its place in the order is the click's: after those chosen and those still being made
    const at = backgroundIds.length + busy.length;
    setBusy((ids) => [...ids, clip.id]);
    try {
      const background = await fromClip({ textWallBackgroundVideoFromBrandVideoRequest: { brand_video_id: clip.id } }).unwrap();
      setMade((m) => ({ ...m, [clip.id]: background.id }));
      dispatch({ type: 'chooseBackground', id: background.id, at });
    } catch (error) {
      toast({ variant: 'destructive', title: `Could not use ${clip.title}`, description: describeError(error) });
    } finally {
      setBusy((ids) => ids.filter((id) => id !== clip.id));
    }
  };

  const tile = (bg: TextWallBackgroundVideo) => (
    <BackgroundTile key={bg.id} clip={backgroundClip(bg)} isSelected={backgroundIds.includes(bg.id)} onToggle={() => dispatch({ type: 'toggleBackground', id: bg.id })} />
  );
  const demosLink = (
    <Link to="/product-demos" className="font-medium text-foreground underline">
      Product demos
    </Link>
  );

  return (
    <section className="grid gap-5" aria-labelledby="step-backgrounds">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="step-backgrounds" className="text-lg font-semibold">
          Backgrounds
        </h2>
        <p className="text-sm text-muted-foreground">{backgroundIds.length ? `${backgroundIds.length} chosen: ${combine === 'matrix' ? 'every text over each' : 'used in turn'}` : 'None chosen: the brand gradient is used'}</p>
      </div>
      <p className="text-xs text-muted-foreground">Background clips play muted: a voice (the next step) gives a text wall its sound.</p>
      <BackgroundUpload disabled={!teamSlug} onReady={(bg) => dispatch({ type: 'chooseBackground', id: bg.id })} />

      <Group title="Your backgrounds">
        {isLoading ? <Tiles /> : own.length === 0 ? <Empty>Nothing uploaded here yet: “Upload a background” adds one and chooses it.</Empty> : <div className={GRID}>{own.map(tile)}</div>}
      </Group>

      <Group title="Your clips" hint={<>From {demosLink}: hooks, demos and other uploads</>}>
        {clips.isLoading ? (
          <Tiles />
        ) : clips.isError ? (
          <LoadError what="your clips" error={clips.error} onRetry={() => void clips.refetch()} className="py-6" />
        ) : clipList.length === 0 ? (
          <Empty>No clips yet. Upload your product demos and hooks in {demosLink} and choose them here, no second upload needed.</Empty>
        ) : (
          <div className={GRID}>
            {clipList.map((clip) => {
              const bgId = backgroundOf.get(clip.id);
              return (
                <BackgroundTile
                  key={clip.id}
                  clip={{ name: clip.title, thumbnailUrl: clip.thumbnail_url, width: clip.width, height: clip.height }}
                  note={kindLabel(clip.kind)}
                  isSelected={!!bgId && backgroundIds.includes(bgId)}
                  isBusy={busy.includes(clip.id)}
                  onToggle={() => void chooseClip(clip)}
                />
              );
            })}
          </div>
        )}
      </Group>

      <Group title="Built-in">
        {isLoading ? (
          <Tiles />
        ) : builtins.length === 0 ? (
          <Empty>The background library is still being prepared. Your videos can use the brand gradient meanwhile.</Empty>
        ) : (
          <div className={GRID}>{builtins.map(tile)}</div>
        )}
      </Group>

      <ClipPlacement style={style} onChange={(patch) => dispatch({ type: 'setStyle', patch })} />
    </section>
  );
}
