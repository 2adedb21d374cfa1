import { z } from 'zod';

/**
 * The props of every composition, with no React in sight: the API validates and describes them
 * (`composition_configs` serves their JSON Schema), the web app edits them, the worker renders them.
 */

export const FPS = 30;

export const aspectSchema = z.enum(['9:16', '1:1', '16:9', '4:5']);
export type Aspect = z.infer<typeof aspectSchema>;

export const ASPECT_SIZES: Record<Aspect, { width: number; height: number }> = {
  '9:16': { width: 1080, height: 1920 },
  '1:1': { width: 1080, height: 1080 },
  '16:9': { width: 1920, height: 1080 },
  // Meta's feed
  '4:5': { width: 1080, height: 1350 },
};

/**
 * Where text may go: the platforms lay their own buttons, captions and progress bars over the
 * edges of a vertical video (TikTok and Reels keep roughly the top 12% and the bottom 22% for
 * themselves, and a column of buttons over the right 15%, in square videos too), so text stays
 * inside these margins: the right one of 9:16 and 1:1 is 170 px (16% of the width), wider than
 * the left. Every text a composition lays out is placed in this area (safe-area.render.test.ts renders
 * the longest texts and checks it).
 */
export function safeArea(aspect: Aspect): { top: number; right: number; bottom: number; left: number; width: number; height: number } {
  const { width, height } = ASPECT_SIZES[aspect];
  const margins =
    aspect === '9:16'
      ? { top: 230, right: 170, bottom: 420, left: 96 }
      : aspect === '1:1'
        ? { top: 90, right: 170, bottom: 150, left: 90 }
        : aspect === '4:5'
          ? // the feed lays its own text under the video and, as a Reel, its buttons on the right
            { top: 110, right: 170, bottom: 230, left: 90 }
          : { top: 80, right: 160, bottom: 150, left: 160 };
  return { ...margins, width: width - margins.left - margins.right, height: height - margins.top - margins.bottom };
}

export const FONT_FAMILIES = ['Montserrat', 'Inter', 'Anton', 'Bebas Neue', 'Poppins', 'Playfair Display'] as const;
export const fontFamilySchema = z.enum(FONT_FAMILIES);
export type FontFamily = z.infer<typeof fontFamilySchema>;

/**
 * Fallbacks for what the brand fonts lack, all shipped in the bundle (fonts.ts): accents and other
 * alphabets, Arabic, Hebrew, colour emoji (before CJK, whose fonts carry monochrome copies of some
 * emoji), Chinese and Japanese. The system's fonts come last, only for scripts none of these has.
 */
export const FALLBACK_FONTS =
  '"Noto Sans Variable", "Noto Sans Arabic Variable", "Noto Sans Hebrew Variable", "Noto Color Emoji", "Noto Sans SC Variable", "Noto Sans JP Variable", "Apple Color Emoji", "Segoe UI Emoji", sans-serif';

const hexColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour like #ffcc00.');

export const positionSchema = z.enum(['top', 'center', 'bottom']);
export const alignSchema = z.enum(['left', 'center', 'right']);
export const decorationSchema = z.enum(['none', 'box', 'outline', 'shadow']);
export const animationSchema = z.enum(['none', 'fade', 'pop', 'slide-up', 'word-by-word']);
/**
 * How a clip whose shape differs from the video's is placed: `fill` crops it to cover the frame,
 * `fit` shows all of it with bars in `barColor`, `blur` shows all of it over a blurred, cropped
 * copy of itself (no bars, nothing cut).
 */
export const clipFitSchema = z.enum(['fill', 'fit', 'blur']);
export type ClipFit = z.infer<typeof clipFitSchema>;
export const presetSchema = z.enum(['bold', 'boxed', 'punchy', 'clean', 'elegant', 'neon']);
export type PresetId = z.infer<typeof presetSchema>;

export const textStyleSchema = z.object({
  preset: presetSchema.default('bold'),
  fontFamily: fontFamilySchema.default('Montserrat'),
  fontWeight: z.number().int().min(100).max(900).default(800),
  /** font size in pixels before fitting; long text shrinks to fit, to 40% of it (further only for text too long even then) */
  fontSize: z.number().int().min(24).max(200).default(76),
  uppercase: z.boolean().default(false),
  textColor: hexColor.default('#ffffff'),
  highlightColor: hexColor.default('#facc15'),
  /** words, or phrases of several words ("24 hours"), shown in the highlight colour (case and punctuation ignored) */
  highlightWords: z.array(z.string().max(60)).max(30).default([]),
  position: positionSchema.default('center'),
  align: alignSchema.default('center'),
  decoration: decorationSchema.default('shadow'),
  /** the box behind each line when decoration is "box", and the outline colour for "outline" */
  boxColor: hexColor.default('#000000'),
  /** darkens the background so text stays readable on any clip, 0 (none) to 0.8 */
  backgroundDim: z.number().min(0).max(0.8).default(0.25),
  /** how clips of another shape than the video are placed (see clipFitSchema) */
  clipFit: clipFitSchema.default('fill'),
  /** the bars' colour when clipFit is "fit" (the brand colour, when the team has one) */
  barColor: hexColor.default('#000000'),
  animation: animationSchema.default('pop'),
});
export type TextStyle = z.infer<typeof textStyleSchema>;

/** A change to a style: any of its fields, none filled in (a preset or the current style fills the rest). */
export const textStyleInputSchema = z.object(
  Object.fromEntries(Object.entries(textStyleSchema.shape).map(([key, field]) => [key, (field as z.ZodDefault<z.ZodType>).unwrap().optional()])),
) as unknown as z.ZodType<Partial<TextStyle>, Partial<TextStyle>>;

export const STYLE_PRESETS: Record<PresetId, { label: string; style: TextStyle }> = {
  bold: {
    label: 'Bold',
    style: textStyleSchema.parse({ preset: 'bold' }),
  },
  boxed: {
    label: 'Boxed',
    style: textStyleSchema.parse({
      preset: 'boxed',
      fontFamily: 'Poppins',
      fontWeight: 700,
      fontSize: 64,
      textColor: '#111111',
      highlightColor: '#e11d48',
      decoration: 'box',
      boxColor: '#ffffff',
      backgroundDim: 0,
      animation: 'slide-up',
    }),
  },
  punchy: {
    label: 'Punchy',
    style: textStyleSchema.parse({
      preset: 'punchy',
      fontFamily: 'Anton',
      fontWeight: 400,
      fontSize: 96,
      uppercase: true,
      highlightColor: '#facc15',
      decoration: 'outline',
      boxColor: '#000000',
      backgroundDim: 0.2,
      animation: 'word-by-word',
    }),
  },
  clean: {
    label: 'Clean',
    style: textStyleSchema.parse({
      preset: 'clean',
      fontFamily: 'Inter',
      fontWeight: 700,
      fontSize: 64,
      highlightColor: '#38bdf8',
      decoration: 'shadow',
      backgroundDim: 0.4,
      animation: 'fade',
      align: 'left',
    }),
  },
  elegant: {
    label: 'Elegant',
    style: textStyleSchema.parse({
      preset: 'elegant',
      fontFamily: 'Playfair Display',
      fontWeight: 700,
      fontSize: 72,
      textColor: '#fff7ed',
      highlightColor: '#fdba74',
      decoration: 'shadow',
      backgroundDim: 0.45,
      animation: 'fade',
    }),
  },
  neon: {
    label: 'Neon',
    style: textStyleSchema.parse({
      preset: 'neon',
      fontFamily: 'Bebas Neue',
      fontWeight: 400,
      fontSize: 110,
      uppercase: true,
      textColor: '#f0abfc',
      highlightColor: '#22d3ee',
      decoration: 'shadow',
      boxColor: '#a21caf',
      backgroundDim: 0.5,
      animation: 'pop',
    }),
  },
};

/** A clip behind or inside a composition: a URL the renderer can fetch and its length. */
export const mediaSourceSchema = z.object({
  url: z.string().min(1).max(4000),
  durationInSeconds: z.number().positive().max(3600),
});
export type MediaSource = z.infer<typeof mediaSourceSchema>;

/** One spoken word and when it is said, in seconds from the start of its audio. */
export const speechWordSchema = z.object({
  text: z.string().min(1).max(200),
  start: z.number().min(0).max(3600),
  end: z.number().min(0).max(3600),
});
export type SpeechWord = z.infer<typeof speechWordSchema>;

/**
 * A voice reading the video's text: its audio (a speech asset, M4A) and the time of each word,
 * both from one `POST /api/voices/speak/` answer, so a preview and the render agree. It starts at
 * the video's first frame.
 */
export const speechSchema = z.object({
  audio: mediaSourceSchema,
  words: z.array(speechWordSchema).max(2000),
});
export type Speech = z.infer<typeof speechSchema>;

/** How the words follow the voice: `highlight` pages with the spoken word marked, `karaoke` fill as spoken, `pop` word-by-word pop-in, `plain` lines. */
export const CAPTION_STYLES = ['highlight', 'karaoke', 'pop', 'plain'] as const;
export const captionStyleSchema = z.enum(CAPTION_STYLES);
export type CaptionStyle = z.infer<typeof captionStyleSchema>;
export const captionsSchema = z.object({ style: captionStyleSchema });
export type Captions = z.infer<typeof captionsSchema>;

/** Where a brand kit's logo sits: a corner of the safe area, or nowhere. */
export const LOGO_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'none'] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number];

/**
 * What a brand kit adds to a video (the rest of a kit fills the style and the end card before the
 * props are made): its logo (a PNG, its size in pixels) in a corner, `logoScale` of the frame's
 * width wide, and its uploaded font, which the text then uses (loaded into the page, never into the
 * system). See docs/brand-kits.md.
 */
export const brandSchema = z.object({
  logo: z.object({ url: z.string().min(1).max(4000), width: z.number().int().positive().max(4096), height: z.number().int().positive().max(4096) }).nullable().default(null),
  logoPosition: z.enum(LOGO_POSITIONS).default('top-right'),
  logoScale: z.number().min(0.05).max(0.5).default(0.18),
  font: z.object({ family: z.string().min(1).max(100), url: z.string().min(1).max(4000) }).nullable().default(null),
});
export type Brand = z.infer<typeof brandSchema>;

/** How loud a music track plays under a video, unless the request says (0 silent, 1 as recorded). */
export const DEFAULT_MUSIC_VOLUME = 0.3;

/**
 * A music track under the whole video: looped to its length at `volume`, lowered under a voice
 * while it speaks (ducking, see ducking.ts), and faded out over the video's last second.
 */
export const musicSchema = z.object({
  audio: mediaSourceSchema,
  volume: z.number().min(0).max(1).default(DEFAULT_MUSIC_VOLUME),
});
export type Music = z.infer<typeof musicSchema>;

/** The end card's colour when nothing (no brand kit, no request) names one. */
export const DEFAULT_END_CARD_COLOR = '#7c3aed';

/**
 * The pieces of an end card, shared by the compositions that close with one (a composite's flat
 * props, a wall's `endCard`): its headline (the product's name), its call to action, the address
 * under it, and how long it lasts (0: none).
 */
export const endCardHeadlineSchema = z.string().trim().max(120);
export const endCardCtaSchema = z.string().trim().max(120);
export const endCardUrlSchema = z.string().trim().max(200);
export const endCardSecondsSchema = z.number().min(0).max(5);

/**
 * An end card after a wall (or the last of several): the brand kit's logo over the headline, the
 * call to action and the address, on a gradient of `color`, for `seconds` more than the walls. The
 * texts are the card's, kept with the video (a kit changed later does not change it).
 */
export const endCardSchema = z.object({
  headline: endCardHeadlineSchema.default(''),
  cta: endCardCtaSchema.default(''),
  url: endCardUrlSchema.default(''),
  seconds: endCardSecondsSchema.default(3),
  color: hexColor.default(DEFAULT_END_CARD_COLOR),
});
export type EndCard = z.infer<typeof endCardSchema>;

export const textWallPropsSchema = z.object({
  text: z.string().trim().min(1).max(1000),
  /** the looping clip behind the text; none draws the brand gradient */
  background: mediaSourceSchema.nullable().default(null),
  durationInSeconds: z.number().min(5).max(60).default(10),
  aspect: aspectSchema.default('9:16'),
  style: textStyleSchema.default(STYLE_PRESETS.bold.style),
  /** a voice reading `text`; none is a silent wall */
  speech: speechSchema.nullable().default(null),
  /** with a voice: the wall's own words follow it in this style; none keeps the style's animation */
  captions: captionsSchema.nullable().default(null),
  music: musicSchema.nullable().default(null),
  brand: brandSchema.nullable().default(null),
  /** an end card after the wall (`durationInSeconds` is the wall's: the video lasts both); none: the wall alone */
  endCard: endCardSchema.nullable().default(null),
});
export type TextWallProps = z.infer<typeof textWallPropsSchema>;

export const overlayTextSchema = z.string().trim().max(300);

export const hookProductDemoPropsSchema = z.object({
  hook: mediaSourceSchema.nullable().default(null),
  demo: mediaSourceSchema.nullable().default(null),
  /** at most this much of each clip is used */
  maxHookSeconds: z.number().min(1).max(30).default(6),
  maxDemoSeconds: z.number().min(1).max(60).default(15),
  hookText: overlayTextSchema.default(''),
  demoText: overlayTextSchema.default(''),
  /** a bar across the lower third, e.g. the offer or the call to action */
  captionText: overlayTextSchema.default(''),
  productName: z.string().trim().max(80).default(''),
  endCardText: endCardCtaSchema.default('Try it today'),
  /** the address the end card shows under its call to action (a brand kit's), or none */
  endCardUrl: endCardUrlSchema.default(''),
  endCardSeconds: endCardSecondsSchema.default(2),
  brandColor: hexColor.default(DEFAULT_END_CARD_COLOR),
  aspect: aspectSchema.default('9:16'),
  style: textStyleSchema.default(STYLE_PRESETS.bold.style),
  /** the voice-over's script (what `speech` reads), as the user wrote it */
  voiceoverText: z.string().trim().max(1000).default(''),
  /** a voice-over, read from the start of the demo (or of the hook): the clips' own sound is lowered under it */
  speech: speechSchema.nullable().default(null),
  speechStart: z.enum(['demo', 'hook']).default('demo'),
  /** the voice-over's words, and the hook's own (`hookWords`), follow their voice in this style */
  captions: captionsSchema.nullable().default(null),
  /** what the hook clip itself says (its transcript's words, in seconds from the clip's start) */
  hookWords: z.array(speechWordSchema).max(2000).default([]),
  music: musicSchema.nullable().default(null),
  brand: brandSchema.nullable().default(null),
});
export type HookProductDemoProps = z.infer<typeof hookProductDemoPropsSchema>;

export const wallSchema = z.object({
  text: z.string().trim().min(1).max(1000),
  background: mediaSourceSchema.nullable().default(null),
  durationInSeconds: z.number().min(1).max(60).default(4),
});

export const multiTextWallPropsSchema = z.object({
  walls: z.array(wallSchema).min(1).max(20),
  transition: z.enum(['none', 'fade', 'slide']).default('fade'),
  aspect: aspectSchema.default('9:16'),
  style: textStyleSchema.default(STYLE_PRESETS.bold.style),
  music: musicSchema.nullable().default(null),
  brand: brandSchema.nullable().default(null),
  /** an end card after the last wall; none: the walls alone */
  endCard: endCardSchema.nullable().default(null),
});
export type MultiTextWallProps = z.infer<typeof multiTextWallPropsSchema>;

export const TRANSITION_FRAMES = 12;

export type CompositionId = 'text-wall' | 'hook-product-demo' | 'multi-text-wall';

export interface CompositionMeta<P> {
  id: CompositionId;
  name: string;
  description: string;
  schema: z.ZodType<P, unknown>;
  defaultProps: P;
  /** size, rate and length follow from the props (aspect, durations) */
  calculate(props: P): { width: number; height: number; fps: number; durationInFrames: number };
}

/** Frames the entrance animation takes; after it the text layer is still (the fast path relies on it). */
export function entranceFrames(style: TextStyle, text: string): number {
  switch (style.animation) {
    case 'none':
      return 0;
    case 'fade':
    case 'slide-up':
      return 15;
    case 'pop':
      return 18;
    case 'word-by-word':
      return Math.min(splitWords(text).length * 4 + 6, 90);
  }
}

export function splitWords(text: string): string[] {
  return text.split(/\s+/u).filter(Boolean);
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The words a voice reads and captions show, in order: `splitWords`, with runs of Chinese or
 * Japanese (written without spaces) cut into words by `Intl.Segmenter`, punctuation kept on the
 * word before it. A speech's `words` are these tokens, one for one, emoji and all (a token nothing
 * is said for gets a zero-length time).
 */
export function speechTokens(text: string): string[] {
  const out: string[] = [];
  for (const token of splitWords(text)) {
    if (!CJK.test(token)) {
      out.push(token);
      continue;
    }
    const pieces: string[] = [];
    let pending = '';
    for (const part of new Intl.Segmenter(undefined, { granularity: 'word' }).segment(token)) {
      if (part.isWordLike) {
        pieces.push(pending + part.segment);
        pending = '';
      } else if (pieces.length > 0) pieces[pieces.length - 1] += part.segment;
      else pending += part.segment;
    }
    if (pending) pieces.push(pending);
    out.push(...pieces);
  }
  return out;
}

function seconds(value: number): number {
  return Math.max(1, Math.round(value * FPS));
}

export const textWallMeta: CompositionMeta<TextWallProps> = {
  id: 'text-wall',
  name: 'Text wall',
  description: 'One text over a looping background clip: a hook, a claim or a list, styled and animated.',
  schema: textWallPropsSchema,
  defaultProps: textWallPropsSchema.parse({
    text: 'Stop scrolling 🛑\nThis changes how you make ads',
    style: { ...STYLE_PRESETS.bold.style, highlightWords: ['ads'] },
  }),
  calculate: (p) => {
    const s = textWallSegments(p);
    return { ...ASPECT_SIZES[p.aspect], fps: FPS, durationInFrames: s.wall + s.end };
  },
};

/** The frames of an end card of `seconds` (none: 0). */
export function endCardFrames(card: Pick<EndCard, 'seconds'> | null): number {
  return card && card.seconds > 0 ? seconds(card.seconds) : 0;
}

/**
 * The frames of a text wall's parts: the wall (`durationInSeconds`, which its voice fits in) and
 * its end card after it (0 without one). The voice and the music count from the first frame; the
 * music plays on under the card and fades out at the video's end.
 */
export function textWallSegments(p: Pick<TextWallProps, 'durationInSeconds' | 'endCard'>): { wall: number; end: number } {
  return { wall: seconds(p.durationInSeconds), end: endCardFrames(p.endCard) };
}

/** A voice-over ends this long before the end card (or the video's end). */
export const VOICE_TAIL_SECONDS = 0.5;

/**
 * The frames of a composite's scenes. A voice-over longer than its scenes lengthens the demo (its
 * clip then holds its last frame) so that it ends `VOICE_TAIL_SECONDS` before the end card.
 */
export function hookProductDemoSegments(p: HookProductDemoProps): { hook: number; demo: number; end: number } {
  const hook = p.hook ? seconds(Math.min(p.hook.durationInSeconds, p.maxHookSeconds)) : seconds(3);
  let demo = p.demo ? seconds(Math.min(p.demo.durationInSeconds, p.maxDemoSeconds)) : seconds(4);
  if (p.speech) {
    const spoken = Math.ceil((p.speech.audio.durationInSeconds + VOICE_TAIL_SECONDS) * FPS);
    demo = Math.max(demo, spoken - (p.speechStart === 'hook' ? hook : 0));
  }
  return { hook, demo, end: endCardFrames({ seconds: p.endCardSeconds }) };
}

/** The frame a composite's voice-over starts at: the demo's first, or the video's. */
export function hookProductDemoSpeechStart(p: HookProductDemoProps): number {
  return p.speechStart === 'hook' ? 0 : hookProductDemoSegments(p).hook;
}

export const hookProductDemoMeta: CompositionMeta<HookProductDemoProps> = {
  id: 'hook-product-demo',
  name: 'Hook + product demo',
  description: 'A hook clip that stops the scroll, then the product demo, with overlay texts, a caption bar and an end card.',
  schema: hookProductDemoPropsSchema,
  defaultProps: hookProductDemoPropsSchema.parse({
    hookText: 'Wait… you still edit ads by hand?',
    demoText: 'Make 50 in one click',
    captionText: 'Free for 7 days',
    productName: 'Hookwall',
  }),
  calculate: (p) => {
    const s = hookProductDemoSegments(p);
    return { ...ASPECT_SIZES[p.aspect], fps: FPS, durationInFrames: s.hook + s.demo + s.end };
  },
};

export function multiTextWallFrames(p: MultiTextWallProps): number[] {
  return p.walls.map((w) => seconds(w.durationInSeconds));
}

/** The frames the walls take together (each next one comes in over the last); an end card follows them. */
export function multiTextWallWallsFrames(p: MultiTextWallProps): number {
  const frames = multiTextWallFrames(p);
  const overlap = p.transition === 'none' ? 0 : TRANSITION_FRAMES * (frames.length - 1);
  return Math.max(1, frames.reduce((a, b) => a + b, 0) - overlap);
}

export const multiTextWallMeta: CompositionMeta<MultiTextWallProps> = {
  id: 'multi-text-wall',
  name: 'Multi text wall',
  description: 'Several text walls in sequence with transitions: a story, a list, a before and after.',
  schema: multiTextWallPropsSchema,
  defaultProps: multiTextWallPropsSchema.parse({
    walls: [
      { text: 'Before: 3 hours per ad 😩', durationInSeconds: 3 },
      { text: 'After: 50 ads before lunch 🚀', durationInSeconds: 3 },
      { text: 'Your turn.', durationInSeconds: 2.5 },
    ],
    style: { ...STYLE_PRESETS.punchy.style, highlightWords: ['50', 'before', 'after'] },
  }),
  calculate: (p) => ({ ...ASPECT_SIZES[p.aspect], fps: FPS, durationInFrames: multiTextWallWallsFrames(p) + endCardFrames(p.endCard) }),
};

export const compositionMetas = [textWallMeta, hookProductDemoMeta, multiTextWallMeta] as const;

export function getCompositionMeta(id: string): CompositionMeta<unknown> | undefined {
  return compositionMetas.find((m) => m.id === id) as CompositionMeta<unknown> | undefined;
}

/**
 * What a composition's calculateMetadata gives for these props: its size, rate and length, and the
 * props as it reads them (parsed, defaults filled). Throws on props its schema refuses. The bundle's
 * compositions and the worker (which needs a length without opening a page) share it.
 */
export function resolveComposition<P>(meta: CompositionMeta<P>, props: unknown): ReturnType<CompositionMeta<P>['calculate']> & { props: P } {
  const parsed = meta.schema.parse(props);
  return { ...meta.calculate(parsed), props: parsed };
}

/** JSON Schema of a composition's props, for clients building forms (`composition_configs`). */
export function propsJsonSchema(meta: CompositionMeta<unknown>): Record<string, unknown> {
  return z.toJSONSchema(meta.schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
}
