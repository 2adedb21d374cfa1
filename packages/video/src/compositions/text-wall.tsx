import { AbsoluteFill, Html5Audio, useCurrentFrame } from 'remotion';
import { Background } from '../components/background.tsx';
import { TextBlock } from '../components/text-block.tsx';
import { useRenderLayer } from '../layers.ts';
import { placementOf } from '../placement.ts';
import type { TextWallProps } from '../schemas.ts';

/**
 * One text over a looping clip. A pure function of the frame and the props. With a voice, its
 * audio plays from the first frame (the fast path mixes it in with ffmpeg: the overlay layer has
 * no sound), and with captions the wall's words follow it (captions.ts).
 */
export function TextWall({ text, background, aspect, style, speech, captions }: TextWallProps) {
  const frame = useCurrentFrame();
  const layer = useRenderLayer();
  return (
    <AbsoluteFill>
      <Background source={background} dim={style.backgroundDim} placement={placementOf(style)} />
      {speech && layer !== 'overlay' ? <Html5Audio src={speech.audio.url} /> : null}
      <TextBlock text={text} style={style} aspect={aspect} frame={frame} captions={speech && captions ? { style: captions.style, words: speech.words } : null} />
    </AbsoluteFill>
  );
}
