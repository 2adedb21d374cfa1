import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { mediaToolsFrom } from '@hookwall/binaries';
import { as } from '../../test/harness.ts';

const { ffmpeg } = mediaToolsFrom(process.env);

/** The encoder and container of each format a track can be uploaded in. */
const ENCODINGS = {
  mp3: ['-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3'],
  m4a: ['-c:a', 'aac', '-b:a', '64k', '-f', 'ipod'],
  aac: ['-c:a', 'aac', '-b:a', '64k', '-f', 'adts'],
  wav: ['-c:a', 'pcm_s16le', '-f', 'wav'],
  ogg: ['-c:a', 'libopus', '-b:a', '48k', '-f', 'ogg'],
  flac: ['-c:a', 'flac', '-f', 'flac'],
} as const;
export type TestAudioFormat = keyof typeof ENCODINGS;

/** A real audio file made by ffmpeg: a quiet tone of `seconds`, in `format` (an MP3 may carry a cover picture). */
export function makeTestAudio(format: TestAudioFormat, options: { seconds?: number; volume?: number; cover?: Buffer } = {}): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'hookwall-audio-'));
  try {
    const out = join(dir, `track.${format}`);
    const tone = ['-f', 'lavfi', '-i', `sine=f=330:r=44100:d=${options.seconds ?? 2},volume=${options.volume ?? 0.1}`];
    const cover = options.cover ? ['-f', 'png_pipe', '-i', 'pipe:0', '-map', '0:a', '-map', '1:v', '-c:v', 'png', '-disposition:v', 'attached_pic', '-id3v2_version', '3'] : [];
    execFileSync(ffmpeg, ['-v', 'error', '-y', ...tone, ...cover, '-ac', '2', ...ENCODINGS[format], out], { input: options.cover });
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A tiny PNG (a picture, not audio), 16x16. */
export function makeTestPng(): Buffer {
  return execFileSync(ffmpeg, ['-v', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=16x16:d=0.1', '-frames:v', '1', '-c:v', 'png', '-f', 'image2pipe', '-']);
}

/** A multipart/form-data body: `file` (when given) and plain fields. */
export function musicForm(file: { name: string; bytes: Buffer; type?: string } | null, fields: Record<string, string> = {}) {
  const boundary = '----hookwall-music-boundary';
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`), file.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a track as the web app does (POST /api/music-tracks/, multipart) and returns it. */
export async function uploadTrack(app: FastifyInstance, user: { access: string }, slug: string, options: { name?: string; format?: TestAudioFormat; seconds?: number } = {}) {
  const form = musicForm({ name: `${options.name ?? 'Track'}.${options.format ?? 'mp3'}`, bytes: makeTestAudio(options.format ?? 'mp3', { seconds: options.seconds }) });
  const res = await as(app, user)({ method: 'POST', url: '/api/music-tracks/', ...form, headers: { ...form.headers, 'x-team-slug': slug } } as InjectOptions);
  if (res.statusCode !== 201) throw new Error(`track upload: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; name: string; duration_seconds: number; audio_url: string; size_bytes: number };
}
