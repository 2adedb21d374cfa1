import type { CSSProperties } from 'react';
import { AbsoluteFill, Loop, OffthreadVideo, useCurrentFrame, useVideoConfig } from 'remotion';
import { useRenderLayer } from '../layers.ts';
import { CLIP_BLUR, FILL, clipBlur, type ClipPlacement } from '../placement.ts';
import type { MediaSource } from '../schemas.ts';

const FULL: CSSProperties = { width: '100%', height: '100%' };

/**
 * A clip in the frame, placed as `placement` says (placement.ts): cropped to cover it (`fill`),
 * whole with bars (`fit`), or whole over a blurred, darkened, cover-cropped copy of itself
 * (`blur`); never stretched. Looped when shorter than the scene.
 */
/** A clip's volume: a number, or one per frame of the clip (ducking under a voice). */
export type ClipVolume = number | ((frame: number) => number);

export function ClipFill({ source, loop = true, muted = true, placement = FILL, volume }: { source: MediaSource; loop?: boolean; muted?: boolean; placement?: ClipPlacement; volume?: ClipVolume }) {
  const { fps, width, height } = useVideoConfig();
  // the fast path draws clips with ffmpeg, under this overlay
  if (useRenderLayer() === 'overlay') return null;
  let content;
  if (placement.fit === 'blur') {
    const { sigma, margin } = clipBlur(width, height);
    content = (
      <AbsoluteFill style={{ overflow: 'hidden' }}>
        <OffthreadVideo
          src={source.url}
          muted
          style={{ position: 'absolute', left: -margin, top: -margin, width: width + 2 * margin, height: height + 2 * margin, objectFit: 'cover', filter: `blur(${sigma}px)` }}
        />
        <AbsoluteFill style={{ backgroundColor: `rgba(0,0,0,${CLIP_BLUR.darken})` }} />
        <AbsoluteFill>
          <OffthreadVideo src={source.url} muted={muted} volume={volume} style={{ ...FULL, objectFit: 'contain' }} />
        </AbsoluteFill>
      </AbsoluteFill>
    );
  } else if (placement.fit === 'fit') {
    content = (
      <AbsoluteFill style={{ backgroundColor: placement.barColor }}>
        <OffthreadVideo src={source.url} muted={muted} volume={volume} style={{ ...FULL, objectFit: 'contain' }} />
      </AbsoluteFill>
    );
  } else {
    content = <OffthreadVideo src={source.url} muted={muted} volume={volume} style={{ ...FULL, objectFit: 'cover' }} />;
  }
  if (!loop) return <AbsoluteFill>{content}</AbsoluteFill>;
  const clipFrames = Math.max(1, Math.floor(source.durationInSeconds * fps));
  return (
    <AbsoluteFill>
      <Loop durationInFrames={clipFrames} layout="none">
        {content}
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

export function Background({ source, dim, placement }: { source: MediaSource | null; dim: number; placement?: ClipPlacement }) {
  return (
    <AbsoluteFill style={{ backgroundColor: useBackdrop() }}>
      {source ? <ClipFill source={source} placement={placement} /> : <GradientFill />}
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
