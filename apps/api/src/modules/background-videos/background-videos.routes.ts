import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '../../core/authenticate.ts';
import { paginate } from '../../core/pagination.ts';
import { teamAccess, teamFromHeader } from '../teams/team-access.ts';
import * as s from './background-videos.schemas.ts';
import * as service from './background-videos.service.ts';
import { backgroundFromBrandVideo } from './from-brand-video.ts';

/** `/api/text-wall-background-videos/`: the built-in set plus the current team's own uploads. */
export async function backgroundVideosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['Text Wall Videos'];
  const member = { onRequest: [authenticate, teamFromHeader] };
  const params = s.videoIdParam;

  r.get('/', { ...member, schema: { tags, querystring: s.backgroundListQuery, response: { 200: s.backgroundVideoPage } } }, async (request) =>
    paginate(request, request.query, (p) => service.listBackgrounds(deps, teamAccess(request), request.query, p.pageSize, p.offset)),
  );
  r.post('/', { ...member, schema: { tags, body: s.textWallBackgroundVideoRequest, response: { 201: s.backgroundVideoSchema } } }, async (request, reply) => {
    reply.code(201);
    return service.createBackground(deps, teamAccess(request), currentUser(request), request.body);
  });
  // 201 with a new background, 200 with the one this clip already has
  r.post(
    '/from_brand_video/',
    { ...member, schema: { tags, body: s.fromBrandVideoRequest, response: { 200: s.backgroundVideoSchema, 201: s.backgroundVideoSchema } } },
    async (request, reply) => {
      const { created, background } = await backgroundFromBrandVideo(deps, teamAccess(request), currentUser(request), request.body.brand_video_id);
      reply.code(created ? 201 : 200);
      return background;
    },
  );
  r.get('/:id/', { ...member, schema: { tags, params, response: { 200: s.backgroundVideoSchema } } }, async (request) =>
    service.getBackground(deps, teamAccess(request), request.params.id),
  );
  r.put('/:id/', { ...member, schema: { tags, params, body: s.textWallBackgroundVideoUpdateRequest, response: { 200: s.backgroundVideoSchema } } }, async (request) =>
    service.updateBackground(deps, teamAccess(request), request.params.id, request.body),
  );
  r.patch('/:id/', { ...member, schema: { tags, params, body: s.patchedTextWallBackgroundVideoRequest, response: { 200: s.backgroundVideoSchema } } }, async (request) =>
    service.updateBackground(deps, teamAccess(request), request.params.id, request.body),
  );
  r.delete('/:id/', { ...member, schema: { tags, params } }, async (request, reply) => {
    await service.deleteBackground(deps, teamAccess(request), request.params.id);
    return reply.code(204).send();
  });
  r.post('/:id/upload_url/', { ...member, schema: { tags, params, body: s.emptyRequest, response: { 200: s.backgroundUploadUrlSchema } } }, async (request) =>
    service.createUploadUrl(deps, teamAccess(request), request.params.id),
  );
  r.post('/:id/confirm_upload/', { ...member, schema: { tags, params, body: s.emptyRequest, response: { 200: s.backgroundVideoSchema } } }, async (request) =>
    service.confirmUpload(deps, teamAccess(request), request.params.id),
  );

  // the starter set is made in the background after start: the server answers at once
  const shouldMakeBuiltins = deps.config.BUILTIN_BACKGROUNDS ?? deps.config.NODE_ENV !== 'test';
  if (shouldMakeBuiltins) {
    const controller = new AbortController();
    let running: Promise<unknown> | null = null;
    app.addHook('onReady', async () => {
      running = service
        .ensureBuiltinBackgrounds(deps, { signal: controller.signal, log: { info: (m) => app.log.info(m), error: (o, m) => app.log.error(o, m) } })
        .catch((error) => app.log.error({ err: String(error) }, 'built-in backgrounds could not be made'));
    });
    app.addHook('onClose', async () => {
      controller.abort();
      await running;
    });
  }
}
