import { Html5Audio, Sequence, useVideoConfig } from 'remotion';
import { musicGain } from '../ducking.ts';
import { useRenderLayer } from '../layers.ts';
import type { Music, Speech } from '../schemas.ts';

/**
 * A video's sounds besides its clips': a voice from its first frame, a music track looped under
 * it. The fast path mixes them with ffmpeg (compose-graph.ts), to the same gains (ducking.ts): its
 * overlay layer has no sound.
 */
export function VoiceTrack({ speech, from }: { speech: Speech | null; from: number }) {
  if (useRenderLayer() === 'overlay' || !speech) return null;
  return (
    <Sequence from={from} layout="none">
      <Html5Audio src={speech.audio.url} />
    </Sequence>
  );
}

/** The music: looped over the video at its volume, lowered where the voice speaks (`spans`), faded out at the end. */
export function MusicTrack({ music, spans }: { music: Music | null; spans: [number, number][] }) {
  const { fps, durationInFrames } = useVideoConfig();
  if (useRenderLayer() === 'overlay' || !music) return null;
  const total = durationInFrames / fps;
  // 'extend': the volume's frame counts on across loops (the video's frame), not from each loop's start
  return <Html5Audio src={music.audio.url} loop loopVolumeCurveBehavior="extend" volume={(frame) => musicGain(music.volume, spans, frame / fps, total)} />;
}
