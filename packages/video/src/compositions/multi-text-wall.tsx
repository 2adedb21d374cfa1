import { AbsoluteFill, Sequence, interpolate, useCurrentFrame } from 'remotion';
import { Background } from '../components/background.tsx';
import { placementOf } from '../placement.ts';
import { BrandFont, BrandLogo } from '../components/brand.tsx';
import { EndCard } from '../components/end-card.tsx';
import { MusicTrack } from '../components/sound.tsx';
import { TextBlock } from '../components/text-block.tsx';
import { TRANSITION_FRAMES, endCardFrames, multiTextWallFrames, multiTextWallWallsFrames, type MultiTextWallProps } from '../schemas.ts';

function Wall({ wall, index, props }: { wall: MultiTextWallProps['walls'][number]; index: number; props: MultiTextWallProps }) {
  const frame = useCurrentFrame();
  const isEntering = index > 0 && props.transition !== 'none';
  const t = isEntering ? interpolate(frame, [0, TRANSITION_FRAMES], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' }) : 1;
  const enter =
    props.transition === 'slide' ? { transform: `translateX(${(1 - t) * 100}%)` } : props.transition === 'fade' ? { opacity: t } : {};
  // the text's own entrance starts once the wall has come in
  const textFrame = isEntering ? Math.max(0, frame - TRANSITION_FRAMES / 2) : frame;
  return (
    <AbsoluteFill style={enter}>
      <Background source={wall.background} dim={props.style.backgroundDim} placement={placementOf(props.style)} />
      <TextBlock text={wall.text} style={props.style} aspect={props.aspect} frame={textFrame} />
    </AbsoluteFill>
  );
}

/** Several walls in sequence; each next one comes in over the last (fade or slide); a music track under them; an end card after them, when asked. */
export function MultiTextWall(props: MultiTextWallProps) {
  const frames = multiTextWallFrames(props);
  const walls = multiTextWallWallsFrames(props);
  const end = endCardFrames(props.endCard);
  const overlap = props.transition === 'none' ? 0 : TRANSITION_FRAMES;
  let from = 0;
  return (
    <BrandFont brand={props.brand} aspect={props.aspect}>
      <AbsoluteFill style={{ backgroundColor: '#000' }}>
        <MusicTrack music={props.music} spans={[]} />
        {props.walls.map((wall, i) => {
          const start = from;
          from += frames[i]! - overlap;
          const isLast = i === props.walls.length - 1;
          return (
            <Sequence key={i} from={start} durationInFrames={isLast ? frames[i]! : frames[i]!} layout="none">
              <Wall wall={wall} index={i} props={props} />
            </Sequence>
          );
        })}
        {/* the kit's logo over the walls; the end card shows it whole */}
        <Sequence from={0} durationInFrames={walls} layout="none">
          <BrandLogo brand={props.brand} aspect={props.aspect} />
        </Sequence>
        {props.endCard && end > 0 ? (
          <Sequence from={walls} durationInFrames={end} layout="none">
            <EndCard card={props.endCard} aspect={props.aspect} style={props.style} brand={props.brand} />
          </Sequence>
        ) : null}
      </AbsoluteFill>
    </BrandFont>
  );
}
