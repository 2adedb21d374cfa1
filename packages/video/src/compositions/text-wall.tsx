import { AbsoluteFill, useCurrentFrame } from 'remotion';
import { Background } from '../components/background.tsx';
import { BrandFont, BrandLogo } from '../components/brand.tsx';
import { MusicTrack, VoiceTrack } from '../components/sound.tsx';
import { TextBlock } from '../components/text-block.tsx';
import { speechSpans } from '../ducking.ts';
import { placementOf } from '../placement.ts';
import type { TextWallProps } from '../schemas.ts';

/**
 * One text over a looping clip. A pure function of the frame and the props. With a voice, its
 * audio plays from the first frame (the fast path mixes it in with ffmpeg: the overlay layer has
 * no sound), and with captions the wall's words follow it (captions.ts). A music track plays
 * under it, lowered while the voice speaks.
 */
export function TextWall({ text, background, aspect, style, speech, captions, music, brand }: TextWallProps) {
  const frame = useCurrentFrame();
  return (
    <BrandFont brand={brand} aspect={aspect}>
      <AbsoluteFill>
        <Background source={background} dim={style.backgroundDim} placement={placementOf(style)} />
        <VoiceTrack speech={speech} from={0} />
        <MusicTrack music={music} spans={speech ? speechSpans(speech.words, 0) : []} />
        <TextBlock text={text} style={style} aspect={aspect} frame={frame} captions={speech && captions ? { style: captions.style, words: speech.words } : null} />
        <BrandLogo brand={brand} aspect={aspect} />
      </AbsoluteFill>
    </BrandFont>
  );
}
