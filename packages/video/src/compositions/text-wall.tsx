import { AbsoluteFill, useCurrentFrame } from 'remotion';
import { Background } from '../components/background.tsx';
import { TextBlock } from '../components/text-block.tsx';
import { placementOf } from '../placement.ts';
import type { TextWallProps } from '../schemas.ts';

/** One text over a looping clip. A pure function of the frame and the props. */
export function TextWall({ text, background, aspect, style }: TextWallProps) {
  const frame = useCurrentFrame();
  return (
    <AbsoluteFill>
      <Background source={background} dim={style.backgroundDim} placement={placementOf(style)} />
      <TextBlock text={text} style={style} aspect={aspect} frame={frame} />
    </AbsoluteFill>
  );
}
