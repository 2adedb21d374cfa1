import { z } from 'zod';
import { captionsSettledFrame } from './captions.ts';
import {
  FPS,
  TRANSITION_FRAMES,
  entranceFrames,
  hookProductDemoMeta,
  hookProductDemoSegments,
  hookProductDemoPropsSchema,
  multiTextWallFrames,
  multiTextWallMeta,
  textWallSegments,
  multiTextWallPropsSchema,
  textWallPropsSchema,
  wallSchema,
  speechSchema,
  musicSchema,
  brandSchema,
  type Brand,
  type SpeechWord,
  type CompositionId,
  type HookProductDemoProps,
  type MediaSource,
  type MultiTextWallProps,
  type TextWallProps,
} from './schemas.ts';

/**
 * What the API asks the worker to render (the render_jobs row's composition_id and input_props):
 * a composition's props with each clip named by what it is, a `MediaRef`, never by a URL. The
 * worker turns each ref into a local file once, then into what each layer reads (a path for
 * ffmpeg, a loopback URL for the browser); see docs/render-pipeline.md.
 */
export const mediaRefSchema = z.discriminatedUnion('kind', [
  /** a clip a team uploaded (a background of its library, a hook or a product demo), by storage key */
  z.object({ kind: z.literal('upload'), key: z.string().min(1).max(1000) }),
  /** a built-in background, made by ffmpeg on first start and stored like an upload */
  z.object({ kind: z.literal('builtin'), key: z.string().min(1).max(1000) }),
  /** a video this product rendered, by storage key */
  z.object({ kind: z.literal('render'), key: z.string().min(1).max(1000) }),
  /**
   * a clip deleted before the request was made (the video still names it): the render fails with
   * the reason, as when the clip goes after the request was made (the worker finds its file gone)
   */
  z.object({ kind: z.literal('missing'), id: z.string().min(1).max(200) }),
]);
export type MediaRef = z.infer<typeof mediaRefSchema>;

/**
 * Requests stored before media refs existed name each clip `{ url: 'storage:<key>' }`, a deleted
 * one `storage:missing/<id>`; they are read here, the one place that knows that form, so a row
 * queued by an older version still renders.
 */
function fromLegacyClip(value: unknown): unknown {
  if (!value || typeof value !== 'object' || !('url' in value) || 'media' in value) return value;
  const { url, ...rest } = value as { url: unknown };
  if (typeof url !== 'string' || !url.startsWith('storage:')) return value;
  const key = url.slice('storage:'.length);
  const media: MediaRef = key.startsWith('missing/') ? { kind: 'missing', id: key.slice('missing/'.length) } : { kind: key.startsWith('builtin/') ? 'builtin' : 'upload', key };
  return { ...rest, media };
}

/** A clip in a request: what it is, and its length (which the composition's length follows). */
export const clipRefSchema = z.preprocess(
  fromLegacyClip,
  z.object({
    media: mediaRefSchema,
    durationInSeconds: z.number().positive().max(3600),
  }),
);
export type ClipRef = z.infer<typeof clipRefSchema>;

const speechRequestSchema = speechSchema.extend({ audio: clipRefSchema });
/** a music track's audio is an upload by storage key, read like a clip (a deleted track is `missing`) */
const musicRequestSchema = musicSchema.extend({ audio: clipRefSchema });
export type MusicRequest = z.infer<typeof musicRequestSchema>;
/** a brand kit's logo and font are uploads by storage key (their bytes kept for the video: a later kit change does not reach it) */
const brandRequestSchema = brandSchema.extend({
  logo: z.object({ media: mediaRefSchema, width: z.number().int().positive().max(4096), height: z.number().int().positive().max(4096) }).nullable().default(null),
  font: z.object({ family: z.string().min(1).max(100), media: mediaRefSchema }).nullable().default(null),
});
export type BrandRequest = z.infer<typeof brandRequestSchema>;
const textWallRequestProps = textWallPropsSchema.extend({
  background: clipRefSchema.nullable().default(null),
  /** the voice's audio is a speech asset by storage key (`upload` kind), read like a clip */
  speech: speechRequestSchema.nullable().default(null),
  music: musicRequestSchema.nullable().default(null),
  brand: brandRequestSchema.nullable().default(null),
});
const hookProductDemoRequestProps = hookProductDemoPropsSchema.extend({
  hook: clipRefSchema.nullable().default(null),
  demo: clipRefSchema.nullable().default(null),
  speech: speechRequestSchema.nullable().default(null),
  music: musicRequestSchema.nullable().default(null),
  brand: brandRequestSchema.nullable().default(null),
});
const multiTextWallRequestProps = multiTextWallPropsSchema.extend({
  walls: z.array(wallSchema.extend({ background: clipRefSchema.nullable().default(null) })).min(1).max(20),
  music: musicRequestSchema.nullable().default(null),
  brand: brandRequestSchema.nullable().default(null),
});

export const renderRequestSchema = z.discriminatedUnion('compositionId', [
  z.object({ compositionId: z.literal('text-wall'), props: textWallRequestProps }),
  z.object({ compositionId: z.literal('hook-product-demo'), props: hookProductDemoRequestProps }),
  z.object({ compositionId: z.literal('multi-text-wall'), props: multiTextWallRequestProps }),
]);
export type RenderRequest = z.infer<typeof renderRequestSchema>;
export type RenderRequestOf<C extends CompositionId> = Extract<RenderRequest, { compositionId: C }>;

/** A render request as stored (composition_id and input_props) parsed into its typed value; throws a ZodError on anything else. */
export function parseRenderRequest(compositionId: string, inputProps: unknown): RenderRequest {
  return renderRequestSchema.parse({ compositionId, props: inputProps });
}

/** The role of a clip in its composition: it names the clip in a failure the user reads. */
export type MediaRole = 'background' | 'hook' | 'demo';

/** The voice of a request (its audio named like a clip, and its words), or null for a silent video. */
export function requestSpeech(request: RenderRequest): { audio: ClipRef; words: SpeechWord[] } | null {
  return request.compositionId === 'multi-text-wall' ? null : request.props.speech;
}

/** The brand of a request (its logo and font named by storage key), or null. */
export function requestBrand(request: RenderRequest): BrandRequest | null {
  return request.props.brand;
}

/** The music track of a request (its audio named like a clip, and its volume), or null. */
export function requestMusic(request: RenderRequest): MusicRequest | null {
  return request.props.music;
}

/** Every clip of a request with its role, in the order the composition uses them (the voice's audio is not a clip: see `requestSpeech`). */
export function requestClips(request: RenderRequest): { role: MediaRole; clip: ClipRef }[] {
  const out: { role: MediaRole; clip: ClipRef }[] = [];
  const add = (role: MediaRole, clip: ClipRef | null) => {
    if (clip) out.push({ role, clip });
  };
  switch (request.compositionId) {
    case 'text-wall':
      add('background', request.props.background);
      break;
    case 'hook-product-demo':
      add('hook', request.props.hook);
      add('demo', request.props.demo);
      break;
    case 'multi-text-wall':
      for (const wall of request.props.walls) add('background', wall.background);
      break;
  }
  return out;
}

export type CompositionProps = { compositionId: 'text-wall'; props: TextWallProps } | { compositionId: 'hook-product-demo'; props: HookProductDemoProps } | { compositionId: 'multi-text-wall'; props: MultiTextWallProps };

/** A brand's logo and font given by `urlOf` (the request's refs, or a composition's URLs mapped again). */
function brandWith<L extends { width: number; height: number }, F extends { family: string }>(
  brand: { logo: L | null; font: F | null; logoPosition: Brand['logoPosition']; logoScale: number } | null,
  logoUrl: (logo: L) => string,
  fontUrl: (font: F) => string,
): Brand | null {
  if (!brand) return null;
  return {
    logoPosition: brand.logoPosition,
    logoScale: brand.logoScale,
    logo: brand.logo ? { url: logoUrl(brand.logo), width: brand.logo.width, height: brand.logo.height } : null,
    font: brand.font ? { family: brand.font.family, url: fontUrl(brand.font) } : null,
  };
}

/** A voice and a music track with their audio given by `source`. */
function withAudio<S extends { audio: A } | null, M extends { audio: A } | null, A>(speech: S, music: M, source: (audio: A) => MediaSource) {
  return {
    speech: speech ? { ...speech, audio: source(speech.audio) } : null,
    music: music ? { ...music, audio: source(music.audio) } : null,
  };
}

/**
 * The composition's own props for a request: each clip given the URL (or path) `urlOf` says the
 * reader of these props loads it from. Nothing is parsed again: the request's props already are
 * the composition's, defaults filled.
 */
export function compositionProps(request: RenderRequest, urlOf: (media: MediaRef) => string): CompositionProps {
  const source = (clip: ClipRef) => ({ url: urlOf(clip.media), durationInSeconds: clip.durationInSeconds });
  const maybe = (clip: ClipRef | null): MediaSource | null => (clip ? source(clip) : null);
  const brand = brandWith(request.props.brand, (logo) => urlOf(logo.media), (font) => urlOf(font.media));
  switch (request.compositionId) {
    case 'text-wall':
      return { compositionId: 'text-wall', props: { ...request.props, background: maybe(request.props.background), ...withAudio(request.props.speech, request.props.music, source), brand } };
    case 'hook-product-demo':
      return { compositionId: 'hook-product-demo', props: { ...request.props, hook: maybe(request.props.hook), demo: maybe(request.props.demo), ...withAudio(request.props.speech, request.props.music, source), brand } };
    case 'multi-text-wall':
      return { compositionId: 'multi-text-wall', props: { ...request.props, walls: request.props.walls.map((w) => ({ ...w, background: maybe(w.background) })), music: withAudio(null, request.props.music, source).music, brand } };
  }
}

/** The URLs (or paths) of a composition's clips, then its voice's and its music's audio and its brand's logo and font, in the order it uses them. */
export function compositionClipUrls(composition: CompositionProps): string[] {
  const audio = (p: { speech?: { audio: MediaSource } | null; music: { audio: MediaSource } | null; brand: Brand | null }) => [p.speech?.audio ?? null, p.music?.audio ?? null, p.brand?.logo ?? null, p.brand?.font ?? null];
  switch (composition.compositionId) {
    case 'text-wall':
      // the audio is read like a clip (served to the full render's browser, mixed by the fast path)
      return [composition.props.background, ...audio(composition.props)].flatMap((c) => (c ? [c.url] : []));
    case 'hook-product-demo':
      return [composition.props.hook, composition.props.demo, ...audio(composition.props)].flatMap((c) => (c ? [c.url] : []));
    case 'multi-text-wall':
      return [...composition.props.walls.map((w) => w.background), ...audio(composition.props)].flatMap((c) => (c ? [c.url] : []));
  }
}

/** The same composition with each clip's URL replaced by `urlOf` it (the browser loads clips by URL, ffmpeg by path). */
export function withClipUrls(composition: CompositionProps, urlOf: (url: string) => string): CompositionProps {
  const source = (clip: MediaSource): MediaSource => ({ ...clip, url: urlOf(clip.url) });
  const maybe = (clip: MediaSource | null): MediaSource | null => (clip ? source(clip) : null);
  const brand = withBrandUrls(composition.props.brand, urlOf);
  switch (composition.compositionId) {
    case 'text-wall':
      return { compositionId: 'text-wall', props: { ...composition.props, background: maybe(composition.props.background), ...withAudio(composition.props.speech, composition.props.music, source), brand } };
    case 'hook-product-demo':
      return { compositionId: 'hook-product-demo', props: { ...composition.props, hook: maybe(composition.props.hook), demo: maybe(composition.props.demo), ...withAudio(composition.props.speech, composition.props.music, source), brand } };
    case 'multi-text-wall':
      return { compositionId: 'multi-text-wall', props: { ...composition.props, walls: composition.props.walls.map((w) => ({ ...w, background: maybe(w.background) })), music: withAudio(null, composition.props.music, source).music, brand } };
  }
}

/** A brand with its logo's and font's URLs replaced by `urlOf` them (the fast path's overlay loads them from the media server). */
export function withBrandUrls(brand: Brand | null, urlOf: (url: string) => string): Brand | null {
  return brandWith(brand, (logo) => urlOf(logo.url), (font) => urlOf(font.url));
}

/** A composition's props with clips as URLs (tests, benchmarks) read by its schema: throws on anything it refuses. */
export function readComposition(compositionId: string, props: unknown): CompositionProps {
  switch (compositionId) {
    case 'text-wall':
      return { compositionId, props: textWallPropsSchema.parse(props) };
    case 'hook-product-demo':
      return { compositionId, props: hookProductDemoPropsSchema.parse(props) };
    case 'multi-text-wall':
      return { compositionId, props: multiTextWallPropsSchema.parse(props) };
    default:
      throw new Error(`unknown composition ${compositionId}`);
  }
}

/** How long the thumbnail waits after the text has settled. */
const THUMBNAIL_HOLD = FPS / 2;

/**
 * The frame a video's thumbnail is taken from: half a second after the text's entrance ends, so a
 * word-by-word hook shows every word (and never before 1 s, where it was taken before); within the
 * video, within a composite's hook (its caption settled too) and a multi text wall's first wall.
 * See docs/render-pipeline.md.
 */
export function thumbnailFrame(composition: CompositionProps): number {
  const wanted = (settled: number) => Math.max(FPS, settled + THUMBNAIL_HOLD);
  const within = (frame: number, end: number) => Math.max(0, Math.min(frame, end - 1));
  switch (composition.compositionId) {
    case 'text-wall': {
      const p = composition.props;
      // with captions: once the first words are said (captions.ts)
      const settled = p.speech && p.captions ? captionsSettledFrame(p.captions.style, p.text, p.speech.words, FPS) : entranceFrames(p.style, p.text);
      // of the wall, never its end card
      return within(wanted(settled), textWallSegments(p).wall);
    }
    case 'hook-product-demo': {
      const p = composition.props;
      // the caption bar's entrance (CAPTION_ENTRANCE in layers.ts)
      const caption = p.captionText ? 8 + 16 : 0;
      const settled = Math.max(p.hookText ? entranceFrames(p.style, p.hookText) : 0, caption);
      return within(within(wanted(settled), hookProductDemoSegments(p).hook), hookProductDemoMeta.calculate(p).durationInFrames);
    }
    case 'multi-text-wall': {
      const p = composition.props;
      const first = multiTextWallFrames(p)[0]! - (p.walls.length > 1 && p.transition !== 'none' ? TRANSITION_FRAMES : 0);
      return within(within(wanted(entranceFrames(p.style, p.walls[0]!.text)), first), multiTextWallMeta.calculate(p).durationInFrames);
    }
  }
}
