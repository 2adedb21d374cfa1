import { createWriteStream } from 'node:fs';
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../core/errors.ts';
import { nullCharacterFields } from '../../core/null-characters.ts';
import { MAX_MUSIC_UPLOAD_BYTES, MAX_MUSIC_UPLOAD_LABEL } from './music-tracks.schemas.ts';

/**
 * The multipart form of a music upload: `file` streamed to a private temporary folder (never held
 * in memory, never past MAX_MUSIC_UPLOAD_BYTES) and the optional `name`. A request that says
 * beforehand it is larger is refused before a byte is read. The folder goes when the request ends
 * (`discardUpload`, the route's onResponse).
 */

export interface ReceivedFile {
  path: string;
  /** the name it was sent under, control characters removed (only ever shown) */
  filename: string;
  size: number;
  /** its first bytes, for sniffFile */
  head: Buffer;
}

const folders = new WeakMap<FastifyRequest, string>();
const files = new WeakMap<FastifyRequest, ReceivedFile>();

const tooLarge = () => fieldError({ file: `The file is larger than ${MAX_MUSIC_UPLOAD_LABEL}: a music track can be at most ${MAX_MUSIC_UPLOAD_LABEL}.` });
const noFile = () => fieldError({ file: 'No audio file was sent. Attach it in the field "file" (multipart/form-data).' });
export const NOT_MULTIPART = 'Send the audio file as multipart/form-data, in the field "file".';

/** multipart framing and the `name` field on top of the file: a Content-Length past this is larger than any file we take */
const FORM_OVERHEAD_BYTES = 64 * 1024;

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Reads the form into the body the route validates (`{file, name?}`); the file itself is kept for `receivedFile`. */
export async function readMusicUpload(request: FastifyRequest, firstBytes: number): Promise<Record<string, unknown>> {
  if (!request.isMultipart()) throw fieldError({ file: NOT_MULTIPART });
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_MUSIC_UPLOAD_BYTES + FORM_OVERHEAD_BYTES) throw tooLarge();
  const dir = await mkdtemp(join(tmpdir(), 'hookwall-music-'));
  folders.set(request, dir);
  const body: Record<string, unknown> = {};
  for await (const part of request.parts({ limits: { fileSize: MAX_MUSIC_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 4096 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      const path = join(dir, 'upload');
      await pipeline(part.file, createWriteStream(path, { mode: 0o600 })).catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw error;
      });
      if (part.file.truncated) throw tooLarge();
      const handle = await open(path, 'r');
      try {
        const { size } = await handle.stat();
        const head = Buffer.alloc(Math.min(firstBytes, size));
        await handle.read(head, 0, head.length, 0);
        const filename = (part.filename ?? '').replace(CONTROL, '').trim().slice(0, 255) || 'track';
        files.set(request, { path, filename, size, head });
        body.file = filename;
      } finally {
        await handle.close();
      }
      continue;
    }
    if (part.fieldname === 'name') body.name = String(part.value ?? '');
  }
  if (!files.has(request)) throw noFile();
  const nul = nullCharacterFields(body);
  if (Object.keys(nul).length > 0) throw new AppError('validation', Object.values(nul)[0]![0]!, { fields: nul });
  return body;
}

/** The file the form carried; a 400 on `file` when it had none (a JSON body, or a form without the field). */
export function receivedFile(request: FastifyRequest): ReceivedFile {
  const file = files.get(request);
  if (!file) throw noFile();
  return file;
}

/** Removes the request's temporary folder, whatever happened to it. */
export async function discardUpload(request: FastifyRequest): Promise<void> {
  const dir = folders.get(request);
  folders.delete(request);
  files.delete(request);
  if (dir) await rm(dir, { recursive: true, force: true });
}
