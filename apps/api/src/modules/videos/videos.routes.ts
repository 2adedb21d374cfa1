import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '../../core/authenticate.ts';
import { paginate } from '../../core/pagination.ts';
import { requireActiveSubscription } from '../billing/billing.service.ts';
import { teamAccess, teamFromHeader } from '../teams/team-access.ts';
import { readBulkMultipart } from './bulk-upload.ts';
import * as bulk from './bulk-jobs.service.ts';
import * as composites from './composites.ts';
import * as walls from './text-walls.ts';
import * as s from './videos.schemas.ts';
import * as videos from './videos.service.ts';

const member = { onRequest: [authenticate, teamFromHeader] };
/** calls that make a video: 402 without an active subscription */
const maker = { onRequest: [authenticate, teamFromHeader, requireActiveSubscription] };

/** `/api/text-wall-videos/`: one text over a background clip, alone or by the hundred. */
export async function textWallVideosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['Text Wall Videos'];
  const params = s.videoIdParam;

  r.get('/', { ...member, schema: { tags, querystring: s.videoListQuery, response: { 200: s.textWallVideoPage } } }, async (request) =>
    paginate(request, request.query, (p) => videos.listVideos(deps, teamAccess(request), 'text_wall', request.query, p.pageSize, p.offset)),
  );
  r.post('/', { ...member, schema: { tags, body: s.textWallVideoRequest, response: { 201: s.textWallVideoSchema } } }, async (request, reply) => {
    reply.code(201);
    return walls.createTextWall(deps, teamAccess(request), currentUser(request), request.body);
  });
  r.post(
    '/bulk_create/',
    {
      ...maker,
      // the same fields as JSON, or as multipart form data with a `file` (CSV with a text column, or one text per line)
      preValidation: async (request) => {
        // validated next by the body schema below, as a JSON body is
        if (request.isMultipart()) request.body = (await readBulkMultipart(request)) as typeof request.body;
      },
      schema: { tags, consumes: ['application/json', 'multipart/form-data'], body: s.bulkVideoJobCreateRequest, response: { 202: s.bulkJobCreatedSchema } },
    },
    async (request, reply) => {
      reply.code(202);
      return walls.bulkCreateTextWalls(deps, teamAccess(request), currentUser(request), request.body);
    },
  );
  r.post('/generate_texts/', { ...member, schema: { tags, body: s.generateTextsRequest, response: { 200: s.generatedTextsSchema } } }, async (request) =>
    walls.generateTexts(deps, teamAccess(request), currentUser(request), request.body),
  );
  r.get('/bulk-job-status/:jobId/', { ...member, schema: { tags, params: s.jobIdParam, response: { 200: s.bulkJobStatusSchema } } }, async (request) =>
    bulk.bulkJobStatus(deps, teamAccess(request), request.params.jobId),
  );
  r.get('/:id/', { ...member, schema: { tags, params, response: { 200: s.textWallVideoSchema } } }, async (request) =>
    videos.getVideo(deps, teamAccess(request), 'text_wall', request.params.id),
  );
  r.put('/:id/', { ...member, schema: { tags, params, body: s.patchedTextWallVideoRequest, response: { 200: s.textWallVideoSchema } } }, async (request) =>
    walls.updateTextWall(deps, teamAccess(request), request.params.id, request.body, currentUser(request)),
  );
  r.patch('/:id/', { ...member, schema: { tags, params, body: s.patchedTextWallVideoRequest, response: { 200: s.textWallVideoSchema } } }, async (request) =>
    walls.updateTextWall(deps, teamAccess(request), request.params.id, request.body, currentUser(request)),
  );
  r.delete('/:id/', { ...member, schema: { tags, params } }, async (request, reply) => {
    await videos.deleteVideo(deps, teamAccess(request), 'text_wall', request.params.id);
    return reply.code(204).send();
  });
  r.post('/:id/render/', { ...maker, schema: { tags, params, body: s.emptyRequest, response: { 202: s.renderStartedSchema } } }, async (request, reply) => {
    reply.code(202);
    return videos.renderVideo(deps, teamAccess(request), 'text_wall', request.params.id);
  });
  r.get('/:id/render_status/', { ...member, schema: { tags, params, response: { 200: s.renderStatusSchema } } }, async (request) =>
    videos.renderStatus(deps, teamAccess(request), 'text_wall', request.params.id),
  );
}

/** `/api/composite-videos/`: hook + product demo and multi text walls. */
export async function compositeVideosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['Composite Videos'];
  const params = s.videoIdParam;

  r.get('/', { ...member, schema: { tags, querystring: s.videoListQuery, response: { 200: s.compositeVideoPage } } }, async (request) =>
    paginate(request, request.query, (p) => videos.listVideos(deps, teamAccess(request), 'composite', request.query, p.pageSize, p.offset)),
  );
  r.post('/', { ...member, schema: { tags, body: s.compositeVideoCreateRequest, response: { 201: s.compositeVideoSchema } } }, async (request, reply) => {
    reply.code(201);
    return composites.createComposite(deps, teamAccess(request), currentUser(request), request.body);
  });
  // public: a visitor's gallery (/remotion) shows the same compositions
  r.get('/composition_configs/', { schema: { tags, response: { 200: s.compositionConfigSchema.array() } } }, async () => composites.compositionConfigs());
  r.post('/bulk_create_hook_product_demo/', { ...maker, schema: { tags, body: s.bulkHookDemoRequest, response: { 202: s.bulkJobCreatedSchema } } }, async (request, reply) => {
    reply.code(202);
    return composites.bulkCreateHookProductDemo(deps, teamAccess(request), currentUser(request), request.body);
  });
  r.post('/multitextwall/', { ...maker, schema: { tags, body: s.multiTextWallRequest, response: { 202: s.bulkJobCreatedSchema } } }, async (request, reply) => {
    reply.code(202);
    return composites.createMultiTextWall(deps, teamAccess(request), currentUser(request), request.body);
  });
  r.get('/:id/', { ...member, schema: { tags, params, response: { 200: s.compositeVideoSchema } } }, async (request) =>
    videos.getVideo(deps, teamAccess(request), 'composite', request.params.id),
  );
  r.put('/:id/', { ...member, schema: { tags, params, body: s.compositeVideoRequest, response: { 200: s.compositeVideoSchema } } }, async (request) =>
    composites.updateComposite(deps, teamAccess(request), request.params.id, request.body),
  );
  r.patch('/:id/', { ...member, schema: { tags, params, body: s.compositeVideoRequest, response: { 200: s.compositeVideoSchema } } }, async (request) =>
    composites.updateComposite(deps, teamAccess(request), request.params.id, request.body),
  );
  r.delete('/:id/', { ...member, schema: { tags, params } }, async (request, reply) => {
    await videos.deleteVideo(deps, teamAccess(request), 'composite', request.params.id);
    return reply.code(204).send();
  });
  r.post('/:id/render/', { ...maker, schema: { tags, params, body: s.emptyRequest, response: { 202: s.renderStartedSchema } } }, async (request, reply) => {
    reply.code(202);
    return videos.renderVideo(deps, teamAccess(request), 'composite', request.params.id);
  });
  r.get('/:id/render_status/', { ...member, schema: { tags, params, response: { 200: s.renderStatusSchema } } }, async (request) =>
    videos.renderStatus(deps, teamAccess(request), 'composite', request.params.id),
  );
}

/**
 * `/api/videos/`: text walls and composites in one list, newest first, each with its `type`. The
 * kinds keep their own endpoints; this one only reads, so a page over both kinds is one offset
 * into one order (listing the kinds apart and merging them in the client cannot page).
 */
export async function allVideosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  // both tags: a change to either kind makes the client read this list again
  const tags = ['Text Wall Videos', 'Composite Videos'];

  r.get('/', { ...member, schema: { tags, querystring: s.allVideosListQuery, response: { 200: s.videoPage } } }, async (request) =>
    paginate(request, request.query, (p) => videos.listAllVideos(deps, teamAccess(request), request.query, p.pageSize, p.offset)),
  );
}
