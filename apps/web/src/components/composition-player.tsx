import { Player } from '@remotion/player';
import { getComposition } from '@hookwall/video';
import { useMemo } from 'react';
import { cn } from '@/lib/utils';

/**
 * The live preview of a composition: the same React component the worker renders, so what the
 * user previews is what they get. Invalid props show a message instead of a broken frame.
 */
export function CompositionPlayer({
  compositionId,
  props,
  className,
  autoPlay = true,
  controls = true,
  initialFrame,
  label,
}: {
  compositionId: string;
  props: Record<string, unknown>;
  className?: string;
  autoPlay?: boolean;
  controls?: boolean;
  /** the frame shown first (a still: with autoPlay and controls off) */
  initialFrame?: number;
  label: string;
}) {
  const composition = getComposition(compositionId);
  const parsed = useMemo(() => (composition ? composition.schema.safeParse(props) : null), [composition, props]);
  if (!composition || !parsed?.success) {
    return (
      <div className={cn('flex aspect-[9/16] items-center justify-center rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground', className)}>
        {parsed && !parsed.success ? (parsed.error.issues[0]?.message ?? 'These settings cannot be previewed.') : 'Nothing to preview yet.'}
      </div>
    );
  }
  const meta = composition.calculate(parsed.data);
  return (
    <div className={cn('overflow-hidden rounded-lg bg-black shadow-sm', className)} role="region" aria-label={label} data-video-frame="">
      <Player
        component={composition.component as React.ComponentType<Record<string, unknown>>}
        inputProps={parsed.data as Record<string, unknown>}
        durationInFrames={meta.durationInFrames}
        compositionWidth={meta.width}
        compositionHeight={meta.height}
        fps={meta.fps}
        style={{ width: '100%', aspectRatio: `${meta.width} / ${meta.height}` }}
        controls={controls}
        autoPlay={autoPlay}
        initialFrame={initialFrame}
        loop
        acknowledgeRemotionLicense
        initiallyMuted
      />
    </div>
  );
}
