import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../core/authenticate.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { setAvatarKey } from '../auth/auth.service.ts';
import { rasterizeSvg, sniffImage } from './avatar-check.ts';
import { listSignupsPerDay } from './users.service.ts';

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
const avatarError = (detail: string) => new AppError('bad_request', detail, { body: { detail } });

async function readAvatar(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw avatarError('Send the image as multipart/form-data in the field "avatar".');
  for await (const part of request.parts({ limits: { fileSize: MAX_AVATAR_BYTES, files: 1, fields: 5 } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'avatar') {
      part.file.resume();
      continue;
    }
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw avatarError('The image is larger than 5 MB. Please choose a smaller image.');
      throw error;
    });
    if (part.file.truncated) throw avatarError('The image is larger than 5 MB. Please choose a smaller image.');
    return bytes;
  }
  throw avatarError('No image was sent. Attach it in the field "avatar".');
}

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const avatarDir = join(deps.config.DATA_DIR, 'media', 'avatars');

  const upload = async (request: FastifyRequest) => {
    const user = currentUser(request);
    let bytes = await readAvatar(request);
    if (bytes.length === 0) throw avatarError('The file is empty.');
    const kind = sniffImage(bytes);
    if (!kind) throw avatarError('Please upload a valid image file (SVG, PNG, JPG or GIF). Other file formats are not supported.');
    let ext = kind.ext;
    if (kind.ext === 'svg') {
      const png = await rasterizeSvg(bytes);
      if (!png) throw avatarError('This SVG contains content that is not allowed in a profile photo.');
      bytes = png;
      ext = 'png';
    }
    await mkdir(avatarDir, { recursive: true });
    const key = `avatars/${randomUUID()}.${ext}`;
    await writeFile(join(deps.config.DATA_DIR, 'media', key), bytes);
    return { avatar_url: (await setAvatarKey(deps, user, key)).avatar_url };
  };
  const schema = { tags: ['users'], consumes: ['multipart/form-data'], response: { 200: z.object({ avatar_url: z.string().nullable() }) } };
  r.post('/api/users/profile/upload-image/', { onRequest: authenticate, schema }, upload);
  r.post('/users/api/profile/upload-image/', { onRequest: authenticate, schema }, upload);

  // avatars are shown to teammates; the names are random; SVGs were stored as PNG, and files stored by older versions are served under a strict CSP
  r.get('/media/avatars/:file', { schema: { hide: true, params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|gif|svg)$/) }) } }, async (request, reply) => {
    const path = join(avatarDir, request.params.file);
    const info = await stat(path).catch(() => null);
    if (!info) throw notFound();
    const ext = request.params.file.split('.').pop()!;
    const type = { png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', svg: 'image/svg+xml' }[ext]!;
    reply
      .header('content-type', type)
      .header('content-length', info.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .header('x-content-type-options', 'nosniff');
    return reply.send(createReadStream(path));
  });

  r.get(
    '/dashboard/api/user-signups/',
    { onRequest: authenticate, schema: { tags: ['dashboard'], response: { 200: z.array(z.object({ date: z.string(), count: z.number().int() })) } } },
    async (request) => listSignupsPerDay(deps, currentUser(request)),
  );
}
