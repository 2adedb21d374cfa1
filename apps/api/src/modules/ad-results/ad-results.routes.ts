import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '../../core/authenticate.ts';
import { paginate } from '../../core/pagination.ts';
import { teamAccess, teamFromHeader } from '../teams/team-access.ts';
import * as s from './ad-results.schemas.ts';
import * as service from './ad-results.service.ts';
import { fileError } from './ad-results.service.ts';
import { insights } from './insights.service.ts';

/** the largest export taken */
export const MAX_EXPORT_BYTES = 20 * 1024 * 1024;
/** room for a multipart body's boundaries and part headers around the file */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * The export of a multipart upload in the field `file`, at most MAX_EXPORT_BYTES: a body that
 * declares more (Content-Length) is refused before any of it is read; one that does not is cut
 * off at the limit, and refused.
 */
async function readExportUpload(request: FastifyRequest): Promise<{ name: string; bytes: Buffer }> {
  const tooLarge = `The file is larger than ${MAX_EXPORT_BYTES / 1024 / 1024} MB. Export a shorter period, or fewer columns, then import each file.`;
  if (!request.isMultipart()) throw fileError('Send the export as multipart/form-data in the field "file".');
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_EXPORT_BYTES + MULTIPART_OVERHEAD) throw fileError(tooLarge);
  for await (const part of request.parts({ limits: { fileSize: MAX_EXPORT_BYTES, files: 3, fields: 10, parts: 13 } })) {
    if (part.type !== 'file') continue;
    if (part.fieldname !== 'file') {
      part.file.resume();
      continue;
    }
    const bytes = await part.toBuffer().catch((error: { code?: string }) => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(tooLarge);
      throw error;
    });
    if (part.file.truncated) throw fileError(tooLarge);
    if (bytes.length === 0) throw fileError('The file is empty.');
    return { name: part.filename || 'export', bytes };
  }
  throw fileError('No file was sent. Attach the export (CSV or XLSX) in the field "file".');
}

/** `/api/ad-results/`: the current team's imports of ads managers' exports. */
export async function adResultsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['Ad Results'];
  const member = { onRequest: [authenticate, teamFromHeader] };

  r.get('/imports/', { ...member, schema: { tags, querystring: s.listQuery, response: { 200: s.adResultImportPage } } }, async (request) =>
    paginate(request, request.query, (p) => service.listImports(deps, teamAccess(request), p.pageSize, p.offset)),
  );
  r.post(
    '/imports/',
    {
      ...member,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description: `Import an export of Meta Ads Manager, TikTok Ads Manager or Google Ads, multipart field \`file\`: CSV (comma, semicolon or tab; UTF-8 or UTF-16) or XLSX, at most ${MAX_EXPORT_BYTES / 1024 / 1024} MB and 200,000 rows. Rows are matched to the team's videos by the ad code in their ad, creative or video name; a row of the same ad and period imported before is replaced, never added.`,
        response: { 201: s.adResultImportCreatedSchema },
      },
    },
    async (request, reply) => {
      const access = teamAccess(request);
      // the caller's rights (403) before a byte of the file is read
      service.requireWriter(access);
      const upload = await readExportUpload(request);
      const created = await service.importResults(deps, access, currentUser(request).id, upload.name, upload.bytes);
      reply.code(201);
      return created;
    },
  );
  r.get('/imports/:id/', { ...member, schema: { tags, params: s.uuidIdParam, response: { 200: s.adResultImportSchema } } }, async (request) =>
    service.getImport(deps, teamAccess(request), request.params.id),
  );
  r.delete('/imports/:id/', { ...member, schema: { tags, params: s.uuidIdParam, description: 'Deletes the import and its rows.' } }, async (request, reply) => {
    await service.deleteImport(deps, teamAccess(request), request.params.id);
    return reply.code(204).send();
  });
}

/** `/api/insights/`: which hook (text, background, style, voice) won, from the imported results. */
export async function insightsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const member = { onRequest: [authenticate, teamFromHeader] };
  r.get(
    '/',
    {
      ...member,
      schema: {
        tags: ['Ad Results'],
        querystring: s.insightsQuery,
        description:
          'The team’s videos with imported results, grouped and ranked best first by `metric`. A group is `too_little_data` under INSIGHTS_MIN_IMPRESSIONS impressions, `winner` when the 95% interval of the metric lies wholly above (for cpa: below) that of every other group with enough impressions, `behind` otherwise.',
        response: { 200: s.insightsSchema },
      },
    },
    async (request) => insights(deps, teamAccess(request), request.query),
  );
}
