import { renderRequestSchema, type BrandRequest, type ClipRef, type MusicRequest, type RenderRequest, type RenderRequestOf } from '@hookwall/video/render-request';
import type { HookProductDemoProps, MultiTextWallProps, SpeechWord } from '@hookwall/video/schemas';

/**
 * The render requests the API queues (packages/video/src/render-request.ts): every video service
 * builds its request here, and each is checked by the request's schema before it is stored, so
 * the worker gets nothing it cannot read.
 */

/** A stored clip a video uses, as the API found it. */
export interface FoundClip {
  storageKey: string;
  /** seconds */
  duration: number;
  /** a built-in background rather than an upload */
  isBuiltin?: boolean;
}

/** A clip the video names but that was deleted since: its render fails with the reason (the worker says it, see MediaRef). */
export interface DeletedClip {
  missingId: string;
}

export function clipRef(clip: FoundClip | DeletedClip | null | undefined): ClipRef | null {
  if (!clip) return null;
  // a deleted clip's length is never read: the render fails before anything is drawn
  if ('missingId' in clip) return { media: { kind: 'missing', id: clip.missingId }, durationInSeconds: 1 };
  return { media: { kind: clip.isBuiltin ? 'builtin' : 'upload', key: clip.storageKey }, durationInSeconds: clip.duration };
}

/** A music track as the API found it (its canonical copy). */
export interface FoundTrack {
  storageKey: string;
  /** seconds */
  durationSeconds: number;
}

/**
 * The music of a request: the track's canonical copy, read like an uploaded clip, at the video's
 * volume; a track deleted since the video was made is named as missing, so the render fails with the
 * reason ("The music track of this video was deleted.") rather than playing without it.
 */
export function musicRef(music: { track_id: string; volume: number } | null | undefined, track: FoundTrack | null | undefined): MusicRequest | null {
  if (!music) return null;
  const audio: ClipRef = track
    ? { media: { kind: 'upload', key: track.storageKey }, durationInSeconds: track.durationSeconds }
    : // a deleted track's length is never read: the render fails before anything plays
      { media: { kind: 'missing', id: music.track_id }, durationInSeconds: 1 };
  return { audio, volume: music.volume };
}

type RequestProps<C extends RenderRequest['compositionId']> = RenderRequestOf<C>['props'];

function checked<C extends RenderRequest['compositionId']>(compositionId: C, props: unknown): RequestProps<C> {
  return renderRequestSchema.parse({ compositionId, props }).props as RequestProps<C>;
}

/** A voice's speech as stored (a speech asset): its audio, read like an uploaded clip, and its words. */
export interface FoundSpeech {
  storageKey: string;
  /** seconds */
  durationSeconds: number;
  words: SpeechWord[];
}

export function textWallRequest(
  video: { text: string; durationSeconds: number; aspect: string; style: unknown; captions?: unknown; endCard?: unknown },
  background: FoundClip | DeletedClip | null,
  speech: FoundSpeech | null = null,
  brand: BrandRequest | null = null,
  music: MusicRequest | null = null,
): RequestProps<'text-wall'> {
  return checked('text-wall', {
    text: video.text,
    background: clipRef(background),
    durationInSeconds: video.durationSeconds,
    aspect: video.aspect,
    style: video.style,
    speech: speechRef(speech),
    // captions follow a voice: without one there is nothing to time them by
    captions: speech ? video.captions : null,
    brand,
    music,
    // the card kept with the video (its kit's as it was, or its own), after the wall
    endCard: video.endCard ?? null,
  });
}

/** The audio of a speech asset, read like an uploaded clip. */
function speechRef(speech: FoundSpeech | null) {
  return speech && { audio: { media: { kind: 'upload', key: speech.storageKey }, durationInSeconds: speech.durationSeconds }, words: speech.words };
}

/**
 * `config` is the composite's stored config (its props without the clips); `speech` its
 * voice-over, as stored, and `music` the video's own (never its config's). Captions without a
 * voice-over or a hook's words have nothing to show.
 */
export function hookProductDemoRequest(
  config: Partial<Omit<HookProductDemoProps, 'hook' | 'demo' | 'brand'>> & { brand?: BrandRequest | null },
  hook: (FoundClip & { words?: SpeechWord[] }) | null | undefined,
  demo: FoundClip | null | undefined,
  speech: FoundSpeech | null = null,
  music: MusicRequest | null = null,
): RequestProps<'hook-product-demo'> {
  return checked('hook-product-demo', { ...config, hook: clipRef(hook), demo: clipRef(demo), speech: speechRef(speech), hookWords: hook?.words ?? [], music });
}

/** `config` is the composite's stored config; each wall's background as the API found it. */
export function multiTextWallRequest(
  config: Partial<Omit<MultiTextWallProps, 'walls' | 'brand'>> & { brand?: BrandRequest | null },
  walls: { text: string; durationInSeconds: number; background: FoundClip | DeletedClip | null }[],
  music: MusicRequest | null = null,
): RequestProps<'multi-text-wall'> {
  return checked('multi-text-wall', { ...config, walls: walls.map((w) => ({ text: w.text, durationInSeconds: w.durationInSeconds, background: clipRef(w.background) })), music });
}
