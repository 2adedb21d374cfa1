import { AbsoluteFill, Loop, OffthreadVideo, useCurrentFrame, useVideoConfig } from 'remotion';
import { useRenderLayer } from '../layers.ts';
import type { MediaSource } from '../schemas.ts';

/** A clip filling the frame (cropped, never stretched), looped when shorter than the scene. */
export function ClipFill({ source, loop = true, muted = true }: { source: MediaSource; loop?: boolean; muted?: boolean }) {
  const { fps } = useVideoConfig();
  // the fast path draws clips with ffmpeg, under this overlay
  if (useRenderLayer() === 'overlay') return null;
  const video = (
    <OffthreadVideo src={source.url} muted={muted} style={{ width: '100%', height: '100%', objectFit: 'cover' }} />
  );
  if (!loop) return <AbsoluteFill>{video}</AbsoluteFill>;
  const clipFrames = Math.max(1, Math.floor(source.durationInSeconds * fps));
  return (
    <AbsoluteFill>
      <Loop durationInFrames={clipFrames} layout="none">
        {video}
      </Loop>
    </AbsoluteFill>
  );
}

/** The brand gradient drawn when no clip is chosen: slow, deterministic motion from the frame number. */
export function GradientFill({ hue = 265 }: { hue?: number }) {
  const frame = useCurrentFrame();
  const shift = Math.sin(frame / 45) * 18;
  const angle = 160 + Math.sin(frame / 70) * 20;
  return (
    <AbsoluteFill
      style={{
        background: `linear-gradient(${angle}deg, hsl(${hue + shift} 70% 22%) 0%, hsl(${hue + 40 + shift} 75% 38%) 55%, hsl(${hue + 90 + shift} 80% 52%) 100%)`,
      }}
    />
  );
}

export function Background({ source, dim }: { source: MediaSource | null; dim: number }) {
  return (
    <AbsoluteFill style={{ backgroundColor: useBackdrop() }}>
      {source ? <ClipFill source={source} /> : <GradientFill />}
      {dim > 0 ? (
        <AbsoluteFill
          style={{
            background: `radial-gradient(ellipse at center, rgba(0,0,0,${dim * 0.8}) 0%, rgba(0,0,0,${Math.min(0.95, dim * 1.3)}) 100%)`,
          }}
        />
      ) : null}
    </AbsoluteFill>
  );
}

/** Black behind everything, except in the overlay layer, which must stay transparent. */
export function useBackdrop(): string {
  return useRenderLayer() === 'overlay' ? 'transparent' : '#000';
}
