import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, link, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { PassThrough, Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  assertValidKey,
  contentDisposition,
  guessContentType,
  stableExpiry,
  UPLOAD_URL_LIFETIME_SECONDS,
  type DownloadOptions,
  type ObjectInfo,
  type Storage,
  type UploadTarget,
  type WriteOptions,
} from './storage.ts';

export interface LocalStorageOptions {
  /** files live in `{dataDir}/storage`, used-upload markers in `{dataDir}/storage-tokens` */
  dataDir: string;
  /** prefix of the upload and download URLs the app serves under /media/: an origin, or '' for root-relative URLs */
  publicUrl: string;
  /** HMAC key of the signed URLs */
  secret: string;
  now?: () => number;
}

/** What an upload URL's signature covers. */
export interface UploadClaims {
  key: string;
  contentType: string;
  maxBytes: number;
  /** expiry, epoch milliseconds */
  expiresAt: number;
  nonce: string;
}

export interface DownloadClaims {
  key: string;
  contentType: string;
  disposition: string;
  expiresAt: number;
}

export type UploadFailure = 'invalid' | 'expired' | 'used' | 'content_type' | 'too_large';

export class UploadError extends Error {
  constructor(readonly reason: UploadFailure, message: string) {
    super(message);
  }
}

const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64url');

export class LocalStorage implements Storage {
  readonly kind = 'local' as const;
  readonly root: string;
  private readonly tokensDir: string;
  private readonly now: () => number;

  constructor(private readonly options: LocalStorageOptions) {
    this.root = join(options.dataDir, 'storage');
    this.tokensDir = join(options.dataDir, 'storage-tokens');
    this.now = options.now ?? (() => Date.now());
  }

  path(key: string): string {
    assertValidKey(key);
    return join(this.root, key);
  }

  private sign(purpose: 'upload' | 'download', payload: string): string {
    return createHmac('sha256', this.options.secret).update(`hookwall-storage:${purpose}:${payload}`).digest('base64url');
  }

  private token(purpose: 'upload' | 'download', claims: object): string {
    const payload = b64(JSON.stringify(claims));
    return `${payload}.${this.sign(purpose, payload)}`;
  }

  private open<T>(purpose: 'upload' | 'download', token: string): T | null {
    const [payload, signature, extra] = token.split('.');
    if (!payload || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.sign(purpose, payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as T;
    } catch {
      return null;
    }
  }

  async putUrl(key: string, contentType: string, maxBytes: number): Promise<UploadTarget> {
    assertValidKey(key);
    const expiresAt = this.now() + UPLOAD_URL_LIFETIME_SECONDS * 1000;
    const claims: UploadClaims = { key, contentType, maxBytes, expiresAt, nonce: randomUUID() };
    return {
      url: `${this.options.publicUrl}/media/upload/?token=${this.token('upload', claims)}`,
      method: 'PUT',
      headers: { 'Content-Type': contentType },
      expiresAt: new Date(expiresAt),
    };
  }

  /** Checks an upload token's signature and expiry (not yet its single use). */
  verifyUpload(token: string): UploadClaims {
    const claims = this.open<UploadClaims>('upload', token);
    if (!claims || typeof claims.key !== 'string' || typeof claims.maxBytes !== 'number') throw new UploadError('invalid', 'The upload URL is not valid.');
    if (claims.expiresAt <= this.now()) throw new UploadError('expired', 'The upload URL has expired. Ask for a new one.');
    return claims;
  }

  /**
   * Receives the body of a signed PUT: the content type must be the signed one, the URL must not have
   * been used, and the body may not exceed the signed size (checked while streaming, so a bigger
   * body is cut off at the limit and never stored). The file appears only once complete.
   * `authorize`, when given, decides whether the URL still counts (the app asks its database): it
   * runs before anything is read and again once the body is in, before the file appears; whatever
   * it throws refuses the upload, and nothing is stored.
   */
  async receiveUpload(
    token: string,
    contentType: string | undefined,
    declaredLength: number | undefined,
    body: Readable,
    options: { authorize?: (claims: UploadClaims) => Promise<void> } = {},
  ): Promise<UploadClaims> {
    const claims = this.verifyUpload(token);
    await options.authorize?.(claims);
    if ((contentType ?? '').split(';')[0]!.trim().toLowerCase() !== claims.contentType.toLowerCase()) {
      throw new UploadError('content_type', `The Content-Type must be "${claims.contentType}".`);
    }
    if (declaredLength !== undefined && declaredLength > claims.maxBytes) throw new UploadError('too_large', `The file is larger than the ${claims.maxBytes} bytes declared.`);
    // single use: the first request to create the marker wins, across processes sharing the disk
    await mkdir(this.tokensDir, { recursive: true });
    // the marker's name starts with the URL's expiry, so markers of expired URLs can be swept
    const markerName = `${claims.expiresAt}-${claims.nonce.replace(/[^a-f0-9-]/g, '')}`;
    const marker = await open(join(this.tokensDir, markerName), 'wx').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EEXIST') throw new UploadError('used', 'This upload URL has already been used. Ask for a new one.');
      throw error;
    });
    await marker.close();
    void this.sweepMarkers();

    const target = this.path(claims.key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.part`;
    let received = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > claims.maxBytes) callback(new UploadError('too_large', `The file is larger than the ${claims.maxBytes} bytes declared.`));
        else callback(null, chunk);
      },
    });
    // the request is piped through a PassThrough so that a failure (too large) stops reading without
    // destroying the connection: the caller can still answer 413 before closing it
    const source = new PassThrough();
    body.pipe(source);
    try {
      await pipeline(source, limit, createWriteStream(partial));
      // the URL may have been replaced or closed while the body came in
      await options.authorize?.(claims);
      await this.writeMeta(claims.key, claims.contentType);
      await rename(partial, target);
    } catch (error) {
      body.unpipe(source);
      await rm(partial, { force: true });
      throw error;
    }
    return claims;
  }

  private lastSweep = 0;

  /** Removes used-URL markers whose URL has expired (at most once an hour per process). */
  async sweepMarkers(): Promise<number> {
    if (this.now() - this.lastSweep < 60 * 60 * 1000) return 0;
    this.lastSweep = this.now();
    const names = await readdir(this.tokensDir).catch(() => [] as string[]);
    const expired = names.filter((name) => Number(name.split('-')[0]) < this.now());
    await Promise.all(expired.map((name) => rm(join(this.tokensDir, name), { force: true })));
    return expired.length;
  }

  async getUrl(key: string, options: DownloadOptions = {}): Promise<string> {
    assertValidKey(key);
    const claims: DownloadClaims = {
      key,
      contentType: options.contentType ?? (await this.readMeta(key)) ?? guessContentType(key),
      disposition: contentDisposition(options.filename, options.disposition),
      expiresAt: stableExpiry(this.now()),
    };
    return `${this.options.publicUrl}/media/files/?token=${this.token('download', claims)}`;
  }

  verifyDownload(token: string): DownloadClaims | null {
    const claims = this.open<DownloadClaims>('download', token);
    if (!claims || typeof claims.key !== 'string' || claims.expiresAt <= this.now()) return null;
    return claims;
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const info = await stat(this.path(key)).catch(() => null);
    if (!info || !info.isFile()) return null;
    return { size: info.size, contentType: await this.readMeta(key) };
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
    await rm(`${this.path(key)}.meta.json`, { force: true });
  }

  async deletePrefix(prefix: string): Promise<number> {
    const dir = this.path(prefix.replace(/\/+$/, ''));
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    const count = entries.filter((e) => e.isFile() && !e.name.endsWith('.meta.json')).length;
    await rm(dir, { recursive: true, force: true });
    return count;
  }

  async list(prefix: string): Promise<string[]> {
    const clean = prefix.replace(/\/+$/, '');
    assertValidKey(clean);
    const dir = prefix.endsWith('/') ? this.path(clean) : dirname(this.path(clean));
    const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    return (
      entries
        // the content-type sidecars and the files still being written are not objects
        .filter((e) => e.isFile() && !e.name.endsWith('.meta.json') && !e.name.endsWith('.part'))
        .map((e) => relative(this.root, join(e.parentPath, e.name)).split(sep).join('/'))
        .filter((key) => key.startsWith(prefix))
        .sort()
    );
  }

  async move(from: string, to: string): Promise<void> {
    const source = this.path(from);
    const target = this.path(to);
    await mkdir(dirname(target), { recursive: true });
    await rename(`${source}.meta.json`, `${target}.meta.json`).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    await rename(source, target);
  }

  /**
   * A hard link when the file system allows one (no bytes copied), else a copy. Safe because a file
   * is never changed in place: `write` and `move` put a new file at the key, and `delete` removes
   * only the key's own name.
   */
  async copy(from: string, to: string): Promise<void> {
    const source = this.path(from);
    const target = this.path(to);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.part`;
    try {
      await link(source, partial).catch(async (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') throw error;
        await copyFile(source, partial);
      });
      await this.writeMeta(to, (await this.readMeta(from)) ?? guessContentType(to));
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Readable> {
    const path = this.path(key);
    await stat(path);
    return createReadStream(path);
  }

  async write(key: string, body: Readable | Buffer, options: WriteOptions): Promise<void> {
    const target = this.path(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = `${target}.${randomUUID()}.part`;
    try {
      await pipeline(Buffer.isBuffer(body) ? Readable.from([body]) : body, createWriteStream(partial));
      await this.writeMeta(key, options.contentType);
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async sourceFor(key: string): Promise<string> {
    return this.path(key);
  }

  private async writeMeta(key: string, contentType: string) {
    await writeFile(`${this.path(key)}.meta.json`, JSON.stringify({ contentType }));
  }

  private async readMeta(key: string): Promise<string | null> {
    const text = await readFile(`${this.path(key)}.meta.json`, 'utf8').catch(() => null);
    if (!text) return null;
    try {
      return (JSON.parse(text) as { contentType?: string }).contentType ?? null;
    } catch {
      return null;
    }
  }
}
