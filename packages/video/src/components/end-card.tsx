import { useRef } from 'react';
import { AbsoluteFill, Img, interpolate, spring, useCurrentFrame, useVideoConfig } from 'remotion';
import { END_CARD_BACKDROP, END_CARD_ENTRANCE, END_CARD_FADE, useRenderLayer } from '../layers.ts';
import { safeArea, type Aspect, type Brand, type TextStyle } from '../schemas.ts';
import { useFontStack } from './brand.tsx';
import { useFittedFontSize } from './fit-text.ts';
import { useFontsReady } from './fonts-ready.ts';

/** What an end card shows: a composite's `productName`, `endCardText`, `endCardUrl` and `brandColor`, or a wall's `endCard`. */
export interface EndCardContent {
  headline: string;
  cta: string;
  url: string;
  color: string;
}

/**
 * The end card that closes a video: the brand kit's logo above the headline, the call to action and
 * the address under it, on a radial gradient of the card's colour, popped in and faded in from black.
 * It is laid out in the aspect's whole safe area (the logo is on the card, not in its corner), and
 * its texts shrink together until they fit. The composite, the text wall and the multi text wall
 * all close with this one component.
 */
export function EndCard({ card, aspect, style, brand }: { card: EndCardContent; aspect: Aspect; style: Pick<TextStyle, 'fontFamily'>; brand: Brand | null }) {
  const frame = useCurrentFrame();
  const { fps } = useVideoConfig();
  // settled from END_CARD_ENTRANCE on: the spring itself still moves on that frame (0.996) and
  // reaches 1 only on the next, which the fast path's held overlay would not show
  const pop = frame >= END_CARD_ENTRANCE ? 1 : spring({ frame, fps, config: { damping: 12 }, durationInFrames: END_CARD_ENTRANCE });
  const fade = interpolate(frame, [0, END_CARD_FADE], [0, 1], { extrapolateRight: 'clamp' });
  const font = useFontStack(style);
  useFontsReady(`900 120px ${font}`, card.headline);
  useFontsReady(`700 52px ${font}`, card.cta);
  useFontsReady(`600 40px ${font}`, card.url);
  const area = safeArea(aspect);
  // both texts shrink together (sizes in em of 120 px) until they fit the safe area
  const measureRef = useRef<HTMLDivElement>(null);
  const { fontSize } = useFittedFontSize(measureRef, measureRef, `${card.headline}|${card.cta}|${card.url}`, 120, area.width, area.height, `900 120px ${font}`);
  const b = END_CARD_BACKDROP;
  // The fast path draws the backdrop itself (a still gradient faded in from black, layers.ts) and
  // only the text here. The card fades in as a whole over black: fade x (text over backdrop). Over
  // the faded backdrop, text of full coverage in its colour times fade adds up to exactly that,
  // where the same text at opacity fade would not.
  const isOverlay = useRenderLayer() === 'overlay';
  const white = isOverlay ? `rgb(${255 * fade}, ${255 * fade}, ${255 * fade})` : '#fff';
  const logo = brand?.logo ?? null;
  const texts = (isMeasure: boolean) => (
    <>
      {logo ? (
        <Img src={logo.url} alt="" style={{ width: `${Math.min(2.4, (2.4 * logo.width) / logo.height)}em`, height: 'auto', maxHeight: '1.6em', objectFit: 'contain', transform: isMeasure ? undefined : `scale(${0.7 + 0.3 * pop})`, opacity: isOverlay ? fade : 1 }} />
      ) : null}
      <div dir="auto" style={{ fontWeight: 900, fontSize: '1em', color: white, textAlign: 'center', transform: isMeasure ? undefined : `scale(${0.7 + 0.3 * pop})`, lineHeight: 1.05, overflowWrap: 'anywhere', unicodeBidi: 'plaintext' }}>
        {card.headline || ' '}
      </div>
      {card.cta ? (
        <div dir="auto" style={{ fontWeight: 700, fontSize: `${52 / 120}em`, color: 'rgba(255,255,255,0.88)', textAlign: 'center', opacity: isMeasure ? undefined : interpolate(frame, [8, END_CARD_ENTRANCE], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' }), overflowWrap: 'anywhere', unicodeBidi: 'plaintext' }}>
          {card.cta}
        </div>
      ) : null}
      {card.url ? (
        <div dir="ltr" style={{ fontWeight: 600, fontSize: `${40 / 120}em`, color: 'rgba(255,255,255,0.75)', textAlign: 'center', opacity: isMeasure ? undefined : interpolate(frame, [10, END_CARD_ENTRANCE], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' }), overflowWrap: 'anywhere' }}>
          {card.url}
        </div>
      ) : null}
    </>
  );
  const column = { fontFamily: font, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: `${28 / 120}em` } as const;
  return (
    <AbsoluteFill style={isOverlay ? {} : { opacity: fade, background: `radial-gradient(circle at ${b.cx * 100}% ${b.cy * 100}%, ${card.color} 0%, ${b.to} ${b.stop * 100}%)` }}>
      <AbsoluteFill style={{ alignItems: 'center', justifyContent: 'center', padding: `${area.top}px ${area.right}px ${area.bottom}px ${area.left}px` }}>
        <div ref={measureRef} aria-hidden style={{ ...column, position: 'absolute', visibility: 'hidden', width: area.width, left: area.left, top: 0, fontSize: 120 }}>
          {texts(true)}
        </div>
        <div style={{ ...column, width: '100%', fontSize }}>{texts(false)}</div>
      </AbsoluteFill>
    </AbsoluteFill>
  );
}
