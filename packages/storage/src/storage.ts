import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

/** Where the browser sends a file: a presigned S3 PUT, or the app's own signed upload route. */
export interface UploadTarget {
  url: string;
  method: 'PUT';
  /** headers the client must send with the PUT (the signature covers them) */
  headers: Record<string, string>;
  expiresAt: Date;
}

export interface ObjectInfo {
  size: number;
  contentType: string | null;
}

export interface DownloadOptions {
  /** the name the browser offers when saving; never part of the key */
  filename?: string;
  contentType?: string;
  disposition?: 'inline' | 'attachment';
}

export interface WriteOptions {
  contentType: string;
}

/**
 * One interface over local disk and S3-compatible storage (docs/media.md, Storage). Keys are
 * `teams/{teamId}/{kind}/{uuid}.{ext}` (see `objectKey`), never a user-supplied name.
 */
export interface Storage {
  readonly kind: 'local' | 's3';
  /** a single-use, 15-minute URL that accepts one PUT of at most `maxBytes` with this content type */
  putUrl(key: string, contentType: string, maxBytes: number): Promise<UploadTarget>;
  /** a signed, expiring URL that serves the object with the stored content type and a Content-Disposition */
  getUrl(key: string, options?: DownloadOptions): Promise<string>;
  head(key: string): Promise<ObjectInfo | null>;
  delete(key: string): Promise<void>;
  /** removes every object under `prefix/` (e.g. `teams/42` when a team is deleted); returns how many */
  deletePrefix(prefix: string): Promise<number>;
  /** the keys that start with `prefix` (a folder such as `teams/42/` or the start of a name), sorted */
  list(prefix: string): Promise<string[]>;
  /**
   * Moves an object to another key (the destination is replaced). A confirmed upload is moved off
   * the key its upload URL names, so no URL can ever write to a file that is in use.
   */
  move(from: string, to: string): Promise<void>;
  /**
   * Copies an object to another key inside the store, with its content type (the destination is
   * replaced); the two live apart from then on: deleting or replacing one leaves the other.
   */
  copy(from: string, to: string): Promise<void>;
  read(key: string): Promise<Readable>;
  write(key: string, body: Readable | Buffer, options: WriteOptions): Promise<void>;
  /** a local path or URL that ffmpeg and ffprobe can read the object from */
  sourceFor(key: string): Promise<string>;
}

export const UPLOAD_URL_LIFETIME_SECONDS = 15 * 60;
export const DOWNLOAD_URL_LIFETIME_SECONDS = 60 * 60;

const KEY_PATTERN = /^(?!.*\.\.)(?!.*\/\/)[A-Za-z0-9][A-Za-z0-9/_.-]{0,300}$/;

export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key) && !key.endsWith('/');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`invalid storage key "${key}"`);
}

/** `teams/{teamId}/{kind}/{uuid}.{ext}`: the only way keys for team files are made. */
export function objectKey(teamId: number, kind: string, ext: string): string {
  if (!/^[a-z0-9-]{1,40}$/.test(kind)) throw new Error(`invalid storage kind "${kind}"`);
  if (!/^[a-z0-9]{1,8}$/.test(ext)) throw new Error(`invalid extension "${ext}"`);
  return `teams/${teamId}/${kind}/${randomUUID()}.${ext}`;
}

/**
 * A download URL's expiry rounded to the hour, so that a list fetched twice in the same hour holds
 * the same URLs and the browser cache keeps working; every URL stays valid one to two hours.
 */
export function stableExpiry(now = Date.now(), lifetimeSeconds = DOWNLOAD_URL_LIFETIME_SECONDS): number {
  const bucket = lifetimeSeconds * 1000;
  return (Math.floor(now / bucket) + 2) * bucket;
}

/** `inline; filename="clip.mp4"` (plus `filename*=UTF-8''…` for other names), safe for any user-given name. */
export function contentDisposition(filename: string | undefined, disposition: 'inline' | 'attachment' = 'inline'): string {
  if (!filename) return disposition;
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // the RFC 5987 form only when the plain one had to change the name (accents, quotes)
  if (ascii === filename) return `${disposition}; filename="${ascii}"`;
  const encoded = encodeURIComponent(filename).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export const contentTypeByExt: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  jpg: 'image/jpeg',
  png: 'image/png',
  csv: 'text/csv',
  wav: 'audio/wav',
  m4a: 'audio/mp4',
  vtt: 'text/vtt',
};

export function guessContentType(key: string): string {
  return contentTypeByExt[key.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/octet-stream';
}
