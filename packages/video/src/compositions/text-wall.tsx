import { AbsoluteFill, Sequence, useCurrentFrame } from 'remotion';
import { Background, useBackdrop } from '../components/background.tsx';
import { BrandFont, BrandLogo } from '../components/brand.tsx';
import { EndCard } from '../components/end-card.tsx';
import { MusicTrack, VoiceTrack } from '../components/sound.tsx';
import { TextBlock } from '../components/text-block.tsx';
import { speechSpans } from '../ducking.ts';
import { placementOf } from '../placement.ts';
import { textWallSegments, type TextWallProps } from '../schemas.ts';

/**
 * One text over a looping clip. A pure function of the frame and the props. With a voice, its
 * audio plays from the first frame (the fast path mixes it in with ffmpeg: the overlay layer has
 * no sound), and with captions the wall's words follow it (captions.ts). A music track plays
 * under it, lowered while the voice speaks. With an end card, the card follows the wall (the
 * composite's own, components/end-card.tsx): the voice plays on to its end, the music under the
 * card, faded out at the video's end.
 */
export function TextWall(props: TextWallProps) {
  const { aspect, speech, music, brand, endCard, style } = props;
  const s = textWallSegments(props);
  return (
    <BrandFont brand={brand} aspect={aspect}>
      <AbsoluteFill style={{ backgroundColor: useBackdrop() }}>
        <Sequence from={0} durationInFrames={s.wall} layout="none">
          <Wall {...props} />
        </Sequence>
        <VoiceTrack speech={speech} from={0} />
        <MusicTrack music={music} spans={speech ? speechSpans(speech.words, 0) : []} />
        {endCard && s.end > 0 ? (
          <Sequence from={s.wall} durationInFrames={s.end} layout="none">
            <EndCard card={endCard} aspect={aspect} style={style} brand={brand} />
          </Sequence>
        ) : null}
      </AbsoluteFill>
    </BrandFont>
  );
}

function Wall({ text, background, aspect, style, speech, captions, brand }: TextWallProps) {
  const frame = useCurrentFrame();
  return (
    <>
      <Background source={background} dim={style.backgroundDim} placement={placementOf(style)} />
      <TextBlock text={text} style={style} aspect={aspect} frame={frame} captions={speech && captions ? { style: captions.style, words: speech.words } : null} />
      <BrandLogo brand={brand} aspect={aspect} />
    </>
  );
}
