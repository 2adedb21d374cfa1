import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LocalStorage, UploadError } from '@hookwall/storage';
import { AppError } from '../../core/errors.ts';
import { assertUploadAllowed } from './upload-lifecycle.ts';

const tokenQuery = z.object({ token: z.string().min(1).max(4000) });

const uploadFailure = (error: UploadError) => {
  if (error.reason === 'too_large') return new AppError('payload_too_large', error.message, { body: { detail: error.message, code: 'payload_too_large' }, headers: { connection: 'close' } });
  if (error.reason === 'content_type') return new AppError('unsupported_media_type', error.message, { body: { detail: error.message, code: 'unsupported_media_type' } });
  const code = { invalid: 'upload_url_invalid', expired: 'upload_url_expired', used: 'upload_url_used' }[error.reason];
  return new AppError('permission_denied', error.message, { body: { detail: error.message, code } });
};

/**
 * With local storage, the app itself is the object store: `PUT /media/upload/?token=` (root-relative URLs) receives a
 * file for a signed upload URL, `GET /media/files/?token=` serves a signed download (with ranges,
 * so videos seek). With S3 storage neither route exists; the browser talks to S3.
 */
export async function mediaRoutes(app: FastifyInstance) {
  const storage = app.deps.storage;
  if (!(storage instanceof LocalStorage)) return;
  const r = app.withTypeProvider<ZodTypeProvider>();

  // the body is streamed to disk by the handler, whatever its type; the size limit is the signed one
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  r.put('/media/upload/', { schema: { hide: true, querystring: tokenQuery }, bodyLimit: Number.MAX_SAFE_INTEGER }, async (request, reply) => {
    const length = request.headers['content-length'] ? Number(request.headers['content-length']) : undefined;
    try {
      // the URL must still count: not replaced, confirmed, or its video, team or uploader gone
      await storage.receiveUpload(request.query.token, request.headers['content-type'], length, request.raw, {
        authorize: (claims) => assertUploadAllowed(app.deps, claims.key),
      });
    } catch (error) {
      if (error instanceof UploadError) throw uploadFailure(error);
      throw error;
    }
    return reply.code(200).send({ detail: 'Uploaded.' });
  });

  r.get('/media/files/', { schema: { hide: true, querystring: tokenQuery } }, async (request, reply) => {
    const claims = storage.verifyDownload(request.query.token);
    if (!claims) throw new AppError('permission_denied', 'This link is not valid or has expired.', { body: { detail: 'This link is not valid or has expired.', code: 'download_url_invalid' } });
    const path = storage.path(claims.key);
    const info = await stat(path).catch(() => null);
    if (!info?.isFile()) return reply.code(404).send({ detail: 'Not found.' });
    reply
      .header('content-type', claims.contentType)
      .header('content-disposition', claims.disposition)
      .header('accept-ranges', 'bytes')
      .header('cache-control', `private, max-age=${Math.max(0, Math.floor((claims.expiresAt - Date.now()) / 1000))}`)
      .header('x-content-type-options', 'nosniff');
    const range = /^bytes=(\d*)-(\d*)$/.exec(String(request.headers.range ?? ''));
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, info.size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), info.size - 1) : info.size - 1;
      if (start > end || start >= info.size) {
        return reply.code(416).header('content-range', `bytes */${info.size}`).send();
      }
      reply.code(206).header('content-range', `bytes ${start}-${end}/${info.size}`).header('content-length', end - start + 1);
      return reply.send(createReadStream(path, { start, end }));
    }
    reply.header('content-length', info.size);
    return reply.send(createReadStream(path));
  });
}
