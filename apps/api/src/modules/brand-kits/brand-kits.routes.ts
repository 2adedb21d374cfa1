import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../core/authenticate.ts';
import { fieldError } from '../../core/errors.ts';
import { paginate } from '../../core/pagination.ts';
import { teamAccess, teamFromHeader } from '../teams/team-access.ts';
import * as fonts from './brand-fonts.service.ts';
import * as s from './brand-kits.schemas.ts';
import * as kits from './brand-kits.service.ts';
import { MAX_FONT_BYTES } from './font-file.ts';
import { MAX_LOGO_BYTES } from './logo-image.ts';

/** room for a multipart body's boundaries and part headers around the file */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The file of a multipart upload in `field`, at most `maxBytes`: a 400 on the field otherwise. A
 * body that declares more than that (Content-Length) is refused before any of it is read; one that
 * does not is cut off at the limit.
 */
async function readUpload(request: FastifyRequest, field: 'logo' | 'font', maxBytes: number, what: string): Promise<Buffer> {
  const refuse = (message: string) => fieldError({ [field]: message });
  const tooLarge = `The ${what} is larger than ${maxBytes / 1024 / 1024} MB. Choose a smaller file.`;
  if (!request.isMultipart()) throw refuse(`Send the ${what} as multipart/form-data in the field "${field}".`);
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_OVERHEAD) throw refuse(tooLarge);
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 3, fields: 10, parts: 13 } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== field) {
      part.file.resume();
      continue;
    }
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw refuse(tooLarge);
      throw error;
    });
    if (part.file.truncated) throw refuse(tooLarge);
    return bytes;
  }
  throw refuse(`No file was sent. Attach the ${what} in the field "${field}".`);
}

/** `/api/brand-kits/`: the current team's brand kits and their logos (team from X-Team-Slug or the first team). */
export async function brandKitsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['Brand Kits'];
  const member = { onRequest: [authenticate, teamFromHeader] };

  r.get('/', { ...member, schema: { tags, querystring: s.listQuery, response: { 200: s.brandKitPage } } }, async (request) =>
    paginate(request, request.query, (p) => kits.listKits(deps, teamAccess(request), p.pageSize, p.offset)),
  );
  r.post('/', { ...member, schema: { tags, body: s.brandKitRequest, response: { 201: s.brandKitSchema } } }, async (request, reply) => {
    reply.code(201);
    return kits.createKit(deps, teamAccess(request), request.body);
  });
  r.get('/:id/', { ...member, schema: { tags, params: s.uuidIdParam, response: { 200: s.brandKitSchema } } }, async (request) =>
    kits.getKit(deps, teamAccess(request), request.params.id),
  );
  r.patch('/:id/', { ...member, schema: { tags, params: s.uuidIdParam, body: s.patchedBrandKitRequest, response: { 200: s.brandKitSchema } } }, async (request) =>
    kits.updateKit(deps, teamAccess(request), request.params.id, request.body),
  );
  r.delete('/:id/', { ...member, schema: { tags, params: s.uuidIdParam } }, async (request, reply) => {
    await kits.deleteKit(deps, teamAccess(request), request.params.id);
    return reply.code(204).send();
  });
  r.post(
    '/:id/logo/',
    {
      ...member,
      schema: {
        tags,
        params: s.uuidIdParam,
        consumes: ['multipart/form-data'],
        description: `The kit's logo, multipart field \`logo\`: PNG, JPEG, WebP or SVG, at most ${MAX_LOGO_BYTES / 1024 / 1024} MB; stored as a PNG (transparency kept, empty borders trimmed, at most 2048 px on its long side), replacing the one before.`,
        response: { 200: s.brandKitSchema },
      },
    },
    async (request) => {
      const access = teamAccess(request);
      // the kit (404) and the caller's rights (403) before a byte of the file is read
      await kits.assertKitWritable(deps, access, request.params.id);
      return kits.uploadLogo(deps, access, request.params.id, await readUpload(request, 'logo', MAX_LOGO_BYTES, 'logo'));
    },
  );
  r.delete('/:id/logo/', { ...member, schema: { tags, params: s.uuidIdParam } }, async (request, reply) => {
    await kits.deleteLogo(deps, teamAccess(request), request.params.id);
    return reply.code(204).send();
  });
}

/** `/api/brand-fonts/`: the fonts the current team uploaded. */
export async function brandFontsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['Brand Kits'];
  const member = { onRequest: [authenticate, teamFromHeader] };

  r.get('/', { ...member, schema: { tags, querystring: s.listQuery, response: { 200: s.brandFontPage } } }, async (request) =>
    paginate(request, request.query, (p) => fonts.listFonts(deps, teamAccess(request), p.pageSize, p.offset)),
  );
  r.post(
    '/',
    {
      ...member,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: `Upload a font, multipart field \`font\`: TTF, OTF, WOFF or WOFF2, at most ${MAX_FONT_BYTES / 1024 / 1024} MB, drawing A–Z, a–z and 0–9. Its family, weight and style are read from the file.`,
        response: { 201: s.brandFontSchema },
      },
    },
    async (request, reply) => {
      const access = teamAccess(request);
      fonts.requireWriter(access);
      const font = await fonts.uploadFont(deps, access, await readUpload(request, 'font', MAX_FONT_BYTES, 'font'));
      reply.code(201);
      return font;
    },
  );
  r.get('/:id/', { ...member, schema: { tags, params: s.uuidIdParam, response: { 200: s.brandFontSchema } } }, async (request) =>
    fonts.getFont(deps, teamAccess(request), request.params.id),
  );
  r.delete('/:id/', { ...member, schema: { tags, params: s.uuidIdParam } }, async (request, reply) => {
    await fonts.deleteFont(deps, teamAccess(request), request.params.id);
    return reply.code(204).send();
  });
}
