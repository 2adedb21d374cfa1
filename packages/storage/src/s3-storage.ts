import { CopyObjectCommand, DeleteObjectCommand, DeleteObjectsCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import {
  assertValidKey,
  contentDisposition,
  DOWNLOAD_URL_LIFETIME_SECONDS,
  stableExpiry,
  UPLOAD_URL_LIFETIME_SECONDS,
  type DownloadOptions,
  type ObjectInfo,
  type Storage,
  type UploadTarget,
  type WriteOptions,
} from './storage.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

/** Any S3-compatible store; the browser uploads straight to it with a presigned PUT. */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // presigned URLs must not carry a checksum the browser cannot compute
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  /**
   * The signature covers the key, the content type and the exact length (the declared size), so S3
   * itself refuses a different body. It also covers `If-None-Match: *` (a conditional write): once
   * the object exists, S3 refuses every further PUT, so the URL works once. Stores without
   * conditional writes ignore it; confirm_upload re-checks the object either way.
   */
  async putUrl(key: string, contentType: string, maxBytes: number): Promise<UploadTarget> {
    assertValidKey(key);
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ContentLength: maxBytes, IfNoneMatch: '*' });
    const url = await getSignedUrl(this.client, command, {
      expiresIn: UPLOAD_URL_LIFETIME_SECONDS,
      signableHeaders: new Set(['content-type', 'content-length', 'if-none-match']),
    });
    return {
      url,
      method: 'PUT',
      headers: { 'Content-Type': contentType, 'If-None-Match': '*' },
      expiresAt: new Date(Date.now() + UPLOAD_URL_LIFETIME_SECONDS * 1000),
    };
  }

  async getUrl(key: string, options: DownloadOptions = {}): Promise<string> {
    assertValidKey(key);
    const expiresAt = stableExpiry();
    const signingDate = new Date(expiresAt - 2 * DOWNLOAD_URL_LIFETIME_SECONDS * 1000);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: key,
      ResponseContentDisposition: contentDisposition(options.filename, options.disposition),
      ResponseContentType: options.contentType,
    });
    return getSignedUrl(this.client, command, { expiresIn: 2 * DOWNLOAD_URL_LIFETIME_SECONDS, signingDate });
  }

  async head(key: string): Promise<ObjectInfo | null> {
    assertValidKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: Number(out.ContentLength ?? 0), contentType: out.ContentType ?? null };
    } catch (error) {
      const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
      if (e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    assertValidKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async deletePrefix(prefix: string): Promise<number> {
    const clean = prefix.replace(/\/+$/, '');
    assertValidKey(clean);
    let count = 0;
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${clean}/`, ContinuationToken: token }));
      const keys = (page.Contents ?? []).map((o) => ({ Key: o.Key! }));
      if (keys.length > 0) {
        await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys, Quiet: true } }));
        count += keys.length;
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return count;
  }

  async list(prefix: string): Promise<string[]> {
    assertValidKey(prefix.replace(/\/+$/, ''));
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }));
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return keys.sort();
  }

  /** A copy inside the store (no bytes through this process), then the source is deleted. */
  async move(from: string, to: string): Promise<void> {
    assertValidKey(from);
    assertValidKey(to);
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}` }));
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: from }));
  }

  /** CopyObject: the store copies the bytes (and the content type) itself, nothing passes through this process. */
  async copy(from: string, to: string): Promise<void> {
    assertValidKey(from);
    assertValidKey(to);
    await this.client.send(new CopyObjectCommand({ Bucket: this.bucket, Key: to, CopySource: `${this.bucket}/${from}` }));
  }

  async read(key: string): Promise<Readable> {
    assertValidKey(key);
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return out.Body as Readable;
  }

  async write(key: string, body: Readable | Buffer, options: WriteOptions): Promise<void> {
    assertValidKey(key);
    // PutObject needs the length up front; the files written by the server (thumbnails, generated
    // clips) are small enough to hold in memory
    const bytes = Buffer.isBuffer(body) ? body : Buffer.concat(await body.toArray());
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: bytes, ContentType: options.contentType, ContentLength: bytes.length }));
  }

  /** ffprobe and ffmpeg read a presigned URL with range requests, without downloading the whole file. */
  async sourceFor(key: string): Promise<string> {
    assertValidKey(key);
    return getSignedUrl(this.client, new GetObjectCommand({ Bucket: this.bucket, Key: key }), { expiresIn: DOWNLOAD_URL_LIFETIME_SECONDS });
  }
}
