import { useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { AbsoluteFill, Easing, continueRender, delayRender, interpolate, spring, useVideoConfig } from 'remotion';
import { FALLBACK_FONTS, entranceFrames, safeArea, type Aspect, type TextStyle } from '../schemas.ts';

const LINE_HEIGHT = 1.15;
const BOX_LINE_HEIGHT = 1.5;
/** long text shrinks down to this share of the chosen size; below it, words break instead */
export const MIN_FONT_SCALE = 0.4;

export interface TextBlockProps {
  text: string;
  style: TextStyle;
  aspect: Aspect;
  /** frame within the scene, for the entrance animation */
  frame: number;
  /** override the vertical placement (composites put overlays at the top, captions elsewhere) */
  position?: TextStyle['position'];
  /** share of the safe area's height the text may take (overlays take less) */
  heightShare?: number;
}

function normaliseWord(word: string): string {
  return word.toLocaleLowerCase().replace(/[\p{P}\p{S}]/gu, '');
}

function fontStack(style: TextStyle): string {
  return `"${style.fontFamily}", ${FALLBACK_FONTS}`;
}

function decorationStyle(style: TextStyle): CSSProperties {
  switch (style.decoration) {
    case 'shadow':
      return { textShadow: `0 0.05em 0.22em rgba(0,0,0,0.65), 0 0.02em 0.04em rgba(0,0,0,0.6), 0 0 0.6em ${style.boxColor}99` };
    case 'outline':
      return { WebkitTextStroke: `0.09em ${style.boxColor}`, paintOrder: 'stroke fill', textShadow: '0 0.06em 0.2em rgba(0,0,0,0.45)' };
    default:
      return {};
  }
}

/** One word, with its highlight and (for word-by-word) its own entrance. */
function Word({ children, isHighlighted, style, appear }: { children: string; isHighlighted: boolean; style: TextStyle; appear: number }) {
  const color = isHighlighted ? style.highlightColor : style.textColor;
  const wordStyle: CSSProperties = { color, display: 'inline-block', whiteSpace: 'pre' };
  if (appear < 1) {
    wordStyle.opacity = appear;
    wordStyle.transform = `translateY(${(1 - appear) * 0.25}em) scale(${0.75 + 0.25 * appear})`;
  }
  if (style.decoration === 'box' && isHighlighted) {
    // in a box the highlight is a coloured word on the box, kept readable by its weight
    wordStyle.color = style.highlightColor;
  }
  return <span style={wordStyle}>{children}</span>;
}

/** The text as lines of words; boxes wrap each line, highlights colour chosen words. */
function TextContent({ text, style, wordAppear }: { text: string; style: TextStyle; wordAppear: (index: number) => number }) {
  const highlights = useMemo(() => new Set(style.highlightWords.map(normaliseWord).filter(Boolean)), [style.highlightWords]);
  let index = 0;
  const lines = text.split('\n');
  return (
    <>
      {lines.map((line, li) => {
        const parts = line.split(/(\s+)/u);
        const words: ReactNode[] = parts.map((part, pi) => {
          if (part === '') return null;
          if (/^\s+$/u.test(part)) return <span key={pi}>{' '}</span>;
          const i = index++;
          return (
            <Word key={pi} isHighlighted={highlights.has(normaliseWord(part))} style={style} appear={wordAppear(i)}>
              {style.uppercase ? part.toLocaleUpperCase() : part}
            </Word>
          );
        });
        const content =
          style.decoration === 'box' ? (
            <span
              style={{
                backgroundColor: style.boxColor,
                padding: '0.08em 0.32em',
                borderRadius: '0.18em',
                boxDecorationBreak: 'clone',
                WebkitBoxDecorationBreak: 'clone',
              }}
            >
              {words}
            </span>
          ) : (
            words
          );
        return (
          <div key={li} style={{ minHeight: line.trim() === '' ? `${LINE_HEIGHT * 0.6}em` : undefined }}>
            {content}
          </div>
        );
      })}
    </>
  );
}

/**
 * The largest size (at most the chosen one) at which the text fits the box without breaking a
 * word, measured in the page with the real fonts, so long text shrinks or wraps and never
 * overflows. Rendering waits (delayRender) until the fonts are loaded and the size is known.
 */
function useFittedFontSize(measure: React.RefObject<HTMLDivElement | null>, key: string, base: number, maxWidth: number, maxHeight: number, font: string): number {
  const [size, setSize] = useState<number>(base);
  useLayoutEffect(() => {
    const handle = delayRender('Fitting text to the frame');
    let isDone = false;
    const finish = () => {
      if (!isDone) {
        isDone = true;
        continueRender(handle);
      }
    };
    const fit = () => {
      const el = measure.current;
      if (!el) return finish();
      const fits = (px: number) => {
        el.style.fontSize = `${px}px`;
        return el.scrollHeight <= maxHeight && el.scrollWidth <= maxWidth + 1;
      };
      let best = Math.round(base * MIN_FONT_SCALE);
      if (fits(base)) best = base;
      else {
        let lo = best;
        let hi = base;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (fits(mid)) lo = mid;
          else hi = mid;
        }
        best = lo;
      }
      setSize(best);
      finish();
    };
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    if (!fonts) {
      fit();
      return finish;
    }
    fonts
      .load(font, key)
      .catch(() => [])
      .then(() => fonts.ready)
      .then(fit, fit);
    return finish;
  }, [measure, key, base, maxWidth, maxHeight, font]);
  return size;
}

export function TextBlock({ text, style, aspect, frame, position, heightShare = 1 }: TextBlockProps) {
  const { fps } = useVideoConfig();
  const area = safeArea(aspect);
  const measureRef = useRef<HTMLDivElement>(null);
  const lineHeight = style.decoration === 'box' ? BOX_LINE_HEIGHT : LINE_HEIGHT;
  const maxHeight = Math.floor(area.height * heightShare);
  const fontFamily = fontStack(style);
  const fontKey = `${style.fontWeight} ${style.fontSize}px ${fontFamily}`;
  const fitKey = `${text}|${style.uppercase}|${style.decoration}|${style.fontFamily}|${style.fontWeight}`;
  const fontSize = useFittedFontSize(measureRef, fitKey, style.fontSize, area.width, maxHeight, fontKey);

  const total = entranceFrames(style, text);
  const isSettled = frame >= total;
  let blockStyle: CSSProperties = {};
  if (!isSettled) {
    if (style.animation === 'fade') {
      blockStyle = { opacity: interpolate(frame, [0, total], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' }) };
    } else if (style.animation === 'slide-up') {
      const t = interpolate(frame, [0, total], [0, 1], { easing: Easing.out(Easing.cubic), extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
      blockStyle = { opacity: Math.min(1, t * 1.6), transform: `translateY(${(1 - t) * 80}px)` };
    } else if (style.animation === 'pop') {
      const s = spring({ frame, fps, config: { damping: 11, stiffness: 170, mass: 0.7 }, durationInFrames: total });
      blockStyle = { opacity: Math.min(1, frame / 5), transform: `scale(${0.55 + 0.45 * s})` };
    }
  }
  const wordCount = text.split(/\s+/u).filter(Boolean).length;
  const stagger = wordCount > 0 ? Math.min(4, Math.max(1, (total - 6) / wordCount)) : 4;
  const wordAppear = (index: number) => {
    if (style.animation !== 'word-by-word' || isSettled) return 1;
    return interpolate(frame, [index * stagger, index * stagger + 6], [0, 1], { extrapolateLeft: 'clamp', extrapolateRight: 'clamp' });
  };

  const placement = position ?? style.position;
  const textStyle: CSSProperties = {
    fontFamily,
    fontWeight: style.fontWeight,
    lineHeight,
    textAlign: style.align,
    whiteSpace: 'pre-wrap',
    letterSpacing: style.uppercase ? '0.01em' : undefined,
    ...decorationStyle(style),
  };
  return (
    <AbsoluteFill
      style={{
        paddingTop: area.top,
        paddingRight: area.right,
        paddingBottom: area.bottom,
        paddingLeft: area.left,
        display: 'flex',
        flexDirection: 'column',
        justifyContent: placement === 'top' ? 'flex-start' : placement === 'bottom' ? 'flex-end' : 'center',
      }}
    >
      <div
        ref={measureRef}
        aria-hidden
        style={{ ...textStyle, position: 'absolute', visibility: 'hidden', width: area.width, left: area.left, top: 0, overflowWrap: 'normal', fontSize: style.fontSize }}
      >
        <TextContent text={text} style={style} wordAppear={() => 1} />
      </div>
      <div
        style={{
          ...textStyle,
          ...blockStyle,
          fontSize,
          width: '100%',
          maxHeight,
          overflowWrap: 'anywhere',
          transformOrigin: 'center',
          unicodeBidi: 'plaintext',
        }}
        dir="auto"
      >
        <TextContent text={text} style={style} wordAppear={wordAppear} />
      </div>
    </AbsoluteFill>
  );
}
