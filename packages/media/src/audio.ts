import { defaultMediaTool } from '@hookwall/binaries';
import { run, untrustedInput, type FfmpegPaths } from './ffmpeg.ts';

/**
 * Music uploads: what a file is, told from its first bytes (never from its name or declared type),
 * and the canonical copy every track is stored as (docs/media.md, Music tracks).
 */

/** The audio formats a music track may be uploaded in, with the content type that forces ffmpeg's demuxer (DEMUXER_BY_CONTENT_TYPE). */
export const MUSIC_FORMATS = {
  mp3: 'audio/mpeg',
  aac: 'audio/aac',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
} as const;
export type MusicFormat = keyof typeof MUSIC_FORMATS;

/** Why a file is not an audio file at all, before any ffmpeg reads it. */
export type NotAudioReason = 'empty' | 'playlist' | 'concat' | 'text' | 'image' | 'unknown';

export type SniffedFile =
  /** one of MUSIC_FORMATS: probe it with its demuxer */
  | { kind: 'audio'; format: MusicFormat; contentType: string }
  /** a video container (Matroska/WebM, AVI): probed only to tell a video from a format we do not take */
  | { kind: 'container'; contentType: string }
  | { kind: 'refused'; reason: NotAudioReason };

/** How many leading bytes `sniffFile` wants. */
export const SNIFF_BYTES = 4096;

const ascii = (bytes: Buffer, at: number, text: string) => bytes.length >= at + text.length && bytes.toString('latin1', at, at + text.length) === text;

/** Text, as far as its first bytes tell: no NUL, valid UTF-8, almost only printable characters. */
function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  const text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  // a cut at the end may split a character: the replacement chars of the last few bytes are allowed
  const body = text.slice(0, Math.max(0, text.length - 4));
  if (body.includes('\uFFFD')) return false;
  const control = [...body].filter((c) => c < ' ' && c !== '\n' && c !== '\r' && c !== '\t').length;
  return control <= body.length / 100;
}

/**
 * What a file is, from its first bytes (`SNIFF_BYTES` of them): one of the audio formats, a video
 * container, or the reason it is no audio at all. Playlists (M3U, M3U8/HLS, PLS, XSPF, ASX) and
 * ffconcat lists are named as such: forcing the demuxer from this answer is what keeps ffmpeg from
 * ever opening the files or addresses such a list names.
 */
export function sniffFile(head: Buffer): SniffedFile {
  if (head.length === 0) return { kind: 'refused', reason: 'empty' };
  const audio = (format: MusicFormat): SniffedFile => ({ kind: 'audio', format, contentType: MUSIC_FORMATS[format] });
  if (ascii(head, 0, 'fLaC')) return audio('flac');
  if (ascii(head, 0, 'OggS')) return audio('ogg');
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WAVE')) return audio('wav');
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'AVI ')) return { kind: 'container', contentType: 'video/x-msvideo' };
  if (ascii(head, 0, 'RIFF') && ascii(head, 8, 'WEBP')) return { kind: 'refused', reason: 'image' };
  if (ascii(head, 4, 'ftyp')) return audio('m4a');
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) return { kind: 'container', contentType: 'video/x-matroska' };
  if (ascii(head, 0, 'ID3')) return audio('mp3');
  if (ascii(head, 0, '\x89PNG') || ascii(head, 0, 'GIF8') || (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)) return { kind: 'refused', reason: 'image' };
  if (head.length >= 2 && head[0] === 0xff) {
    // MPEG audio frame sync: ADTS (AAC) has layer bits 00, MP3 (layer III, II, I) does not
    if ((head[1]! & 0xf6) === 0xf0) return audio('aac');
    if ((head[1]! & 0xe0) === 0xe0 && (head[1]! & 0x06) !== 0) return audio('mp3');
  }
  if (looksLikeText(head)) {
    const text = head.toString('utf8').replace(/^\uFEFF/, '').trimStart();
    if (/^ffconcat\b/i.test(text) || /^file\s+['"]?[^\s]/m.test(text)) return { kind: 'refused', reason: 'concat' };
    if (/^#EXTM3U/i.test(text) || /#EXT-X-|#EXTINF/i.test(text) || /^\[playlist\]/i.test(text) || /<(asx|smil)\b/i.test(text) || /<playlist\b[^>]*xspf/i.test(text)) {
      return { kind: 'refused', reason: 'playlist' };
    }
    return { kind: 'refused', reason: 'text' };
  }
  return { kind: 'refused', reason: 'unknown' };
}

/** The canonical copy's settings (AAC in M4A, stereo, 48 kHz, EBU R128 loudness) and its content type. */
export const MUSIC_CANONICAL = { contentType: 'audio/mp4', extension: 'm4a', bitrate: '128k', sampleRate: 48_000, channels: 2, loudnorm: 'loudnorm=I=-16:TP=-1.5:LRA=11' } as const;

/** Transcodes a process runs at once: each takes a core, and an upload waits its turn rather than starving the API. */
const MAX_CONCURRENT_TRANSCODES = 2;
let activeTranscodes = 0;
const waitingTranscodes: (() => void)[] = [];

async function withTranscodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (activeTranscodes >= MAX_CONCURRENT_TRANSCODES) await new Promise<void>((resolve) => waitingTranscodes.push(resolve));
  activeTranscodes++;
  try {
    return await work();
  } finally {
    activeTranscodes--;
    waitingTranscodes.shift()?.();
  }
}

/**
 * Writes the canonical copy of an uploaded track to `out` (an M4A): its first audio stream only,
 * no tags or cover, loudness-normalised in one pass (`loudnorm`, which works at 192 kHz, then back
 * to 48 kHz), AAC 128 kb/s stereo. At most `maxSeconds` are read, whatever the file claims, so a
 * file that lies about its length cannot keep ffmpeg busy. Uses only what ffmpeg 4.1 has.
 */
export async function transcodeMusic(source: string, contentType: string, out: string, options: FfmpegPaths & { maxSeconds: number; timeoutMs?: number }): Promise<void> {
  const c = MUSIC_CANONICAL;
  await withTranscodeSlot(() =>
    run(
      options.ffmpegPath ?? defaultMediaTool('ffmpeg'),
      [
        '-v', 'error', '-nostdin', '-y',
        ...untrustedInput(source, contentType),
        '-t', String(options.maxSeconds),
        '-map', '0:a:0', '-vn', '-sn', '-dn', '-map_metadata', '-1', '-map_chapters', '-1',
        '-af', `${c.loudnorm},aresample=${c.sampleRate}`,
        '-ac', String(c.channels), '-ar', String(c.sampleRate), '-c:a', 'aac', '-b:a', c.bitrate,
        '-movflags', '+faststart', '-f', 'mp4', out,
      ],
      options.timeoutMs ?? 300_000,
    ),
  );
}
