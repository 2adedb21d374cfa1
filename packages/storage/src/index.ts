import { createHash } from 'node:crypto';
import type { Config } from '@hookwall/config';
import { LocalStorage } from './local-storage.ts';
import { S3Storage } from './s3-storage.ts';
import type { Storage } from './storage.ts';

export * from './storage.ts';
export * from './local-storage.ts';
export * from './s3-storage.ts';

/** S3 when S3_BUCKET is set, local disk under DATA_DIR otherwise. */
export function createStorage(config: Pick<Config, 'DATA_DIR' | 'JWT_SECRET' | 'S3_BUCKET' | 'S3_REGION' | 'S3_ENDPOINT' | 'S3_ACCESS_KEY_ID' | 'S3_SECRET_ACCESS_KEY' | 'S3_FORCE_PATH_STYLE'>): Storage {
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  // a key of its own, derived from the app secret, so an upload token can never pass as a JWT
  const secret = createHash('sha256').update(`storage:${config.JWT_SECRET}`).digest('hex');
  // root-relative URLs (`/media/...`), like avatar_url: they work from whatever origin serves the
  // web app (the API itself, or the Vite dev server that proxies /media), with no CORS involved
  return new LocalStorage({ dataDir: config.DATA_DIR, publicUrl: '', secret });
}
