import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../core/authenticate.ts';
import { moveLegacyAvatars } from './legacy-avatars.ts';
import { avatarError, listSignupsPerDay, openAvatar, uploadAvatar } from './users.service.ts';

export const MAX_AVATAR_BYTES = 5 * 1024 * 1024;
/** how long a browser may reuse the redirect to an avatar's signed URL: less than the shortest time the URL stays valid (1 h) */
const AVATAR_REDIRECT_MAX_AGE = 50 * 60;

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
  app.addHook('onReady', async () => {
    const moved = await moveLegacyAvatars(deps).catch((error: unknown) => {
      app.log.error({ err: String(error) }, 'could not move the avatars of DATA_DIR/media/avatars to storage');
      return 0;
    });
    if (moved > 0) app.log.info({ moved }, 'moved avatars from DATA_DIR/media/avatars to storage');
  });

  const upload = async (request: FastifyRequest) => uploadAvatar(deps, currentUser(request), await readAvatar(request));
  const schema = { tags: ['users'], consumes: ['multipart/form-data'], response: { 200: z.object({ avatar_url: z.string().nullable() }) } };
  r.post('/api/users/profile/upload-image/', { onRequest: authenticate, schema }, upload);
  r.post('/users/api/profile/upload-image/', { onRequest: authenticate, schema }, upload);

  // avatars are shown to teammates; the names are random; SVGs were stored as PNG, and files stored by older versions are served under a strict CSP
  r.get('/media/avatars/:file', { schema: { hide: true, params: z.object({ file: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|gif|svg)$/) }) } }, async (request, reply) => {
    const avatar = await openAvatar(deps, request.params.file);
    if (avatar.kind === 'redirect') return reply.header('cache-control', `private, max-age=${AVATAR_REDIRECT_MAX_AGE}`).redirect(avatar.url, 302);
    reply
      .header('content-type', avatar.contentType)
      .header('content-length', avatar.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
      .header('x-content-type-options', 'nosniff');
    return reply.send(avatar.body);
  });

  r.get(
    '/dashboard/api/user-signups/',
    { onRequest: authenticate, schema: { tags: ['dashboard'], response: { 200: z.array(z.object({ date: z.string(), count: z.number().int() })) } } },
    async (request) => listSignupsPerDay(deps, currentUser(request)),
  );
}
