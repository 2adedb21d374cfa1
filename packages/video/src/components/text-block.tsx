import { Fragment, useMemo, useRef, type CSSProperties, type ReactNode } from 'react';
import { useFontStack, useTextArea } from './brand.tsx';
import { AbsoluteFill, Easing, interpolate, spring, useVideoConfig } from 'remotion';
import { useFittedFontSize } from './fit-text.ts';
import { highlightedWords } from '../highlight.ts';
import { wordFrames, wordLook, type WordFrames, type WordLook } from '../captions.ts';
import { entranceFrames, speechTokens, splitWords, type Aspect, type CaptionStyle, type SpeechWord, type TextStyle } from '../schemas.ts';

const LINE_HEIGHT = 1.15;
/** the room around captioned text for the spoken word's box (its 0.1em shadow) */
const CAPTION_ROOM = '0.12em';
const BOX_LINE_HEIGHT = 1.5;

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
  /** the words follow a voice in this style (captions.ts), instead of the style's entrance */
  captions?: { style: CaptionStyle; words: readonly SpeechWord[] } | null;
}

/** What the text's words need to follow a voice: the style, the frame, each speech token's frames. */
interface CaptionState {
  style: CaptionStyle;
  frame: number;
  timeline: WordFrames[];
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

/**
 * A word's pieces: it may wrap after each of its hyphens (as a browser wraps "state-of-the-art"),
 * so "Supercalifragilistic-Donaudampfschiff" takes two lines before it has to shrink.
 */
function wordPieces(word: string): string[] {
  return word.split(/(?<=[-\u2010\u2013\u2014])(?=.)/u);
}

/**
 * One word, with its highlight and (for word-by-word) its own entrance. A word is never broken
 * inside (each piece is an inline block) unless `breakWords`: then it is plain inline text, which
 * the block breaks anywhere it must (overflow-wrap), its box and colour following it onto the next
 * line; its entrance is then a fade (a transform needs a block).
 */
function Word({ children, isHighlighted, style, appear, breakWords }: { children: string; isHighlighted: boolean; style: TextStyle; appear: number; breakWords: boolean }) {
  const color = isHighlighted ? style.highlightColor : style.textColor;
  if (breakWords) return <span style={{ color, opacity: appear < 1 ? appear : undefined }}>{children}</span>;
  const wordStyle: CSSProperties = { color, display: 'inline-block', whiteSpace: 'pre' };
  if (appear < 1) {
    wordStyle.opacity = appear;
    wordStyle.transform = `translateY(${(1 - appear) * 0.25}em) scale(${0.75 + 0.25 * appear})`;
  }
  if (style.decoration === 'box' && isHighlighted) {
    // in a box the highlight is a coloured word on the box, kept readable by its weight
    wordStyle.color = style.highlightColor;
  }
  const pieces = wordPieces(children);
  if (pieces.length === 1) return <span style={wordStyle}>{children}</span>;
  return (
    <>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span style={wordStyle}>{piece}</span>
        </Fragment>
      ))}
    </>
  );
}

const RTL = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/** Black or white, whichever reads better on `hex` (the spoken word's box). */
function onColor(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b! > 0.4 ? '#111111' : '#ffffff';
}

/**
 * One word a voice says (a speech token: a word, or a piece of a Chinese or Japanese run), drawn as
 * its caption style says at this frame. Nothing here changes the layout: a word not said yet keeps
 * its place (opacity), the spoken word's box is a shadow, its pop a transform, its fill a clipped
 * copy, so lines never jump.
 */
function CaptionToken({ children, look, captionStyle, isHighlighted, style, breakWords }: { children: string; look: WordLook; captionStyle: CaptionStyle; isHighlighted: boolean; style: TextStyle; breakWords: boolean }) {
  const hl = style.highlightColor;
  const isMarked = captionStyle === 'highlight' && look.isActive;
  const isFilled = captionStyle === 'karaoke' && look.fill >= 1;
  const color = isMarked ? onColor(hl) : isFilled || isHighlighted ? hl : style.textColor;
  const marked: CSSProperties = isMarked ? { backgroundColor: hl, boxShadow: `0 0 0 0.1em ${hl}`, borderRadius: '0.14em', textShadow: 'none', WebkitTextStroke: '0 transparent' } : {};
  if (breakWords) {
    // plain inline text (the block breaks it anywhere): no transform, no clipped copy
    const partial = captionStyle === 'karaoke' && look.fill >= 0.5 ? hl : color;
    return <span style={{ color: partial, opacity: look.appear < 1 ? look.appear : undefined, ...marked, boxDecorationBreak: 'clone', WebkitBoxDecorationBreak: 'clone' }}>{children}</span>;
  }
  const base: CSSProperties = { color, display: 'inline-block', whiteSpace: 'pre', position: 'relative', ...marked };
  if (look.appear < 1) {
    base.opacity = Math.min(1, look.appear * 1.5);
    // a pop with a small overshoot (ease-out-back), about the word's baseline centre
    const t = look.appear - 1;
    const s = 1 + 2.2 * t ** 3 + 1.2 * t ** 2;
    base.transform = `scale(${(0.55 + 0.45 * s).toFixed(4)})`;
    base.transformOrigin = '50% 70%';
  }
  const pieces = wordPieces(children);
  const total = children.length;
  let before = 0;
  return (
    <>
      {pieces.map((piece, i) => {
        // a word wrapping after its hyphens fills piece by piece
        const fill = captionStyle === 'karaoke' && look.isActive ? Math.max(0, Math.min(1, (look.fill * total - before) / piece.length)) : 0;
        before += piece.length;
        const rtl = RTL.test(piece);
        return (
          <Fragment key={i}>
            {i > 0 && <wbr />}
            <span style={base}>
              {piece}
              {fill > 0 ? (
                <span aria-hidden style={{ position: 'absolute', inset: 0, color: hl, textShadow: 'none', clipPath: rtl ? `inset(0 0 0 ${((1 - fill) * 100).toFixed(2)}%)` : `inset(0 ${((1 - fill) * 100).toFixed(2)}% 0 0)` }}>
                  {piece}
                </span>
              ) : null}
            </span>
          </Fragment>
        );
      })}
    </>
  );
}

/** The text as lines of words; boxes wrap each line, highlights colour chosen words and phrases (highlight.ts); with captions, each word follows the voice. */
export function TextContent({ text, style, wordAppear, breakWords, captions }: { text: string; style: TextStyle; wordAppear: (index: number) => number; breakWords: boolean; captions?: CaptionState | null }) {
  const highlights = useMemo(() => highlightedWords(splitWords(text), style.highlightWords), [text, style.highlightWords]);
  let index = 0;
  let token = 0;
  const lines = text.split('\n');
  return (
    <>
      {lines.map((line, li) => {
        const parts = line.split(/(\s+)/u);
        const words: ReactNode[] = parts.map((part, pi) => {
          if (part === '') return null;
          if (/^\s+$/u.test(part)) return <span key={pi}>{' '}</span>;
          const i = index++;
          if (captions) {
            // the tokens a voice reads in this word (one, or the words of a CJK run, joined without spaces)
            const tokens = speechTokens(part);
            return (
              <Fragment key={pi}>
                {tokens.map((t, ti) => {
                  const at = token++;
                  const timing = captions.timeline[at] ?? { start: 0, end: 0 };
                  return (
                    <CaptionToken key={ti} look={wordLook(captions.style, timing, captions.frame)} captionStyle={captions.style} isHighlighted={highlights.has(i)} style={style} breakWords={breakWords}>
                      {style.uppercase ? t.toLocaleUpperCase() : t}
                    </CaptionToken>
                  );
                })}
              </Fragment>
            );
          }
          return (
            <Word key={pi} isHighlighted={highlights.has(i)} style={style} appear={wordAppear(i)} breakWords={breakWords}>
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

export function TextBlock({ text, style, aspect, frame, position, heightShare = 1, captions }: TextBlockProps) {
  const { fps } = useVideoConfig();
  const area = useTextArea(aspect);
  const measureRef = useRef<HTMLDivElement>(null);
  const measureBrokenRef = useRef<HTMLDivElement>(null);
  const lineHeight = style.decoration === 'box' ? BOX_LINE_HEIGHT : LINE_HEIGHT;
  const maxHeight = Math.floor(area.height * heightShare);
  const fontFamily = useFontStack(style);
  const fontKey = `${style.fontWeight} ${style.fontSize}px ${fontFamily}`;
  const fitKey = `${text}|${style.uppercase}|${style.decoration}|${fontFamily}|${style.fontWeight}|${captions?.style ?? 'words'}`;
  const { fontSize, breakWords } = useFittedFontSize(measureRef, measureBrokenRef, fitKey, style.fontSize, area.width, maxHeight, fontKey);

  const timeline = useMemo(() => (captions ? wordFrames(captions.words, speechTokens(text).length, fps) : null), [captions, text, fps]);
  const caption: CaptionState | null = captions && timeline ? { style: captions.style, frame, timeline } : null;
  // the measure lays out the same tokens, every word shown
  const measured: CaptionState | null = caption ? { ...caption, style: 'plain' } : null;
  // with captions the words follow the voice: the style's entrance is left out
  const total = caption ? 0 : entranceFrames(style, text);
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
    // the spoken word's box and a pop's overshoot reach a little past the word: room for them
    // inside the safe area, in the measure as in the text
    ...(caption && caption.style !== 'plain' ? { padding: CAPTION_ROOM, boxSizing: 'border-box' as const } : {}),
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
        <TextContent text={text} style={style} wordAppear={() => 1} breakWords={false} captions={measured} />
      </div>
      <div
        ref={measureBrokenRef}
        aria-hidden
        style={{ ...textStyle, position: 'absolute', visibility: 'hidden', width: area.width, left: area.left, top: 0, overflowWrap: 'anywhere', fontSize: style.fontSize }}
      >
        <TextContent text={text} style={style} wordAppear={() => 1} breakWords captions={measured} />
      </div>
      <div
        style={{
          ...textStyle,
          ...blockStyle,
          fontSize,
          width: '100%',
          maxHeight,
          // only where the fit says so: a break anywhere else would part from the measured layout
          overflowWrap: breakWords ? 'anywhere' : 'normal',
          transformOrigin: 'center',
          unicodeBidi: 'plaintext',
        }}
        dir="auto"
      >
        <TextContent text={text} style={style} wordAppear={wordAppear} breakWords={breakWords} captions={caption} />
      </div>
    </AbsoluteFill>
  );
}
