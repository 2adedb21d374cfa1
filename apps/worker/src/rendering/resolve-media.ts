import { probeAudio, probeVideoClip, UnreadableAudioError, UnreadableVideoError, type ClipFacts, type FfmpegPaths } from '@hookwall/media';
import { guessContentType, type Storage } from '@hookwall/storage';
import { requestBrand, requestClips, requestMusic, requestSpeech, type ClipRef, type MediaRef, type MediaRole, type RenderRequest } from '@hookwall/video/render-request';

/** A render that cannot succeed however often it is tried: it fails at once, with this message as its reason. */
export class UnrenderableError extends Error {}

/**
 * A clip the request names is gone (deleted before the request was made, or since) or no longer a
 * video it can read (its stored file changed).
 */
export class MissingMediaError extends UnrenderableError {}

const MEDIA_LABELS: Record<MediaRole, string> = {
  background: 'The background video of this video was deleted.',
  hook: 'The hook clip of this video was deleted.',
  demo: 'The product demo clip of this video was deleted.',
};

const UNREADABLE_LABELS: Record<MediaRole, string> = {
  background: 'The background video of this video can no longer be read: its file has changed since it was uploaded.',
  hook: 'The hook clip of this video can no longer be read: its file has changed since it was uploaded.',
  demo: 'The product demo clip of this video can no longer be read: its file has changed since it was uploaded.',
};

/** The voice's audio (a speech asset) gone, or no longer audio. */
export const VOICE_DELETED = 'The voice-over of this video was deleted.';
export const VOICE_UNREADABLE = 'The voice-over of this video can no longer be read: its file has changed since it was made.';
/** A brand kit's logo or font file gone (it is kept for the video; only a team's deletion removes it). */
export const BRAND_FILE_DELETED = "The brand kit's logo or font of this video was deleted.";
/** The music track gone, or no longer audio. */
export const MUSIC_DELETED = 'The music track of this video was deleted.';
export const MUSIC_UNREADABLE = 'The music track of this video can no longer be read: its file has changed since it was uploaded.';

export interface ResolvedMedia {
  /** where each clip of the request is read from: a local file (or, on S3, a presigned HTTP(S) URL) */
  sourceOf: (media: MediaRef) => string;
  /** what composing each clip needs to know of it, by its source: from the same probe, so the compose does not probe again */
  facts: ReadonlyMap<string, ClipFacts>;
}

/**
 * Finds every clip of the request once, after checking it is still there and still a video
 * (ffprobe, the demuxer forced from the key's type). This is the one place a render learns that a
 * clip is gone: a ref the API already knew deleted, or a file that vanished or changed since, each
 * fails the render at once with the reason the user reads, before any browser or encoder runs.
 * A voice (`requestSpeech`) and a music track (`requestMusic`) are checked the same way, as audio.
 */
export async function resolveMedia(request: RenderRequest, storage: Storage, paths: FfmpegPaths): Promise<ResolvedMedia> {
  const sources = new Map<string, string>();
  const facts = new Map<string, ClipFacts>();
  for (const { role, clip } of requestClips(request)) {
    const media = clip.media;
    if (media.kind === 'missing') throw new MissingMediaError(MEDIA_LABELS[role]);
    if (sources.has(media.key)) continue;
    const info = await storage.head(media.key).catch(() => null);
    if (!info) throw new MissingMediaError(MEDIA_LABELS[role]);
    const source = await storage.sourceFor(media.key);
    const probed = await probeVideoClip(source, paths, guessContentType(media.key)).catch((error: unknown) => {
      if (error instanceof UnreadableVideoError) throw new MissingMediaError(UNREADABLE_LABELS[role]);
      throw error;
    });
    sources.set(media.key, source);
    facts.set(source, probed.facts);
  }
  // the voice and the music are read like clips, but as audio: each must have a sound that lasts
  const audio = async (clip: ClipRef, deleted: string, unreadable: string) => {
    const media = clip.media;
    if (media.kind === 'missing') throw new MissingMediaError(deleted);
    if (sources.has(media.key)) return;
    const info = await storage.head(media.key).catch(() => null);
    if (!info) throw new MissingMediaError(deleted);
    const source = await storage.sourceFor(media.key);
    const probed = await probeAudio(source, paths, guessContentType(media.key)).catch((error: unknown) => {
      if (error instanceof UnreadableAudioError) throw new MissingMediaError(unreadable);
      throw error;
    });
    sources.set(media.key, source);
    facts.set(source, { hasAudio: true, colorMatrix: 'bt709', durationSeconds: probed.durationSeconds });
  };
  const speech = requestSpeech(request);
  if (speech) await audio(speech.audio, VOICE_DELETED, VOICE_UNREADABLE);
  const music = requestMusic(request);
  if (music) await audio(music.audio, MUSIC_DELETED, MUSIC_UNREADABLE);
  // the brand's logo and font are read by the browser as they are (an image, a font face): there only
  const brand = requestBrand(request);
  for (const media of [brand?.logo?.media, brand?.font?.media]) {
    if (!media) continue;
    if (media.kind === 'missing' || !(await storage.head(media.key).catch(() => null))) throw new MissingMediaError(BRAND_FILE_DELETED);
    sources.set(media.key, await storage.sourceFor(media.key));
  }
  const sourceOf = (media: MediaRef) => {
    const source = media.kind === 'missing' ? undefined : sources.get(media.key);
    if (source === undefined) throw new Error(`a clip of the request was not resolved (${media.kind})`);
    return source;
  };
  return { sourceOf, facts };
}
