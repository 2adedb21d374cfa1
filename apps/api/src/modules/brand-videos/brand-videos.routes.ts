import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authenticate, currentUser } from '../../core/authenticate.ts';
import { paginate } from '../../core/pagination.ts';
import { teamAccess, teamFromHeader } from '../teams/team-access.ts';
import * as s from './brand-videos.schemas.ts';
import * as service from './brand-videos.service.ts';

/** `/api/brand-videos/`: the current team's uploaded clips (docs/media.md). */
export async function brandVideosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['Brand Videos'];
  const member = { onRequest: [authenticate, teamFromHeader] };
  const params = s.videoIdParam;

  r.get('/', { ...member, schema: { tags, querystring: s.brandVideoListQuery, response: { 200: s.brandVideoPage } } }, async (request) =>
    paginate(request, request.query, (p) => service.listBrandVideos(deps, teamAccess(request), request.query, p.pageSize, p.offset)),
  );
  r.post('/', { ...member, schema: { tags, body: s.brandVideoRequest, response: { 201: s.brandVideoSchema } } }, async (request, reply) => {
    reply.code(201);
    return service.createBrandVideo(deps, teamAccess(request), currentUser(request), request.body);
  });
  r.get('/available_tags/', { ...member, schema: { tags, querystring: s.availableTagsQuery, response: { 200: z.array(z.string()) } } }, async (request) =>
    service.availableTags(deps, teamAccess(request), request.query.kind),
  );
  r.post('/bulk_tag/', { ...member, schema: { tags, body: s.bulkTagRequest, response: { 200: z.object({ updated: z.number().int() }) } } }, async (request) =>
    service.bulkTag(deps, teamAccess(request), request.body),
  );
  r.get('/:id/', { ...member, schema: { tags, params, response: { 200: s.brandVideoSchema } } }, async (request) =>
    service.getBrandVideo(deps, teamAccess(request), request.params.id),
  );
  r.put('/:id/', { ...member, schema: { tags, params, body: s.brandVideoUpdateRequest, response: { 200: s.brandVideoSchema } } }, async (request) =>
    service.updateBrandVideo(deps, teamAccess(request), request.params.id, request.body),
  );
  r.patch('/:id/', { ...member, schema: { tags, params, body: s.patchedBrandVideoRequest, response: { 200: s.brandVideoSchema } } }, async (request) =>
    service.updateBrandVideo(deps, teamAccess(request), request.params.id, request.body),
  );
  r.delete('/:id/', { ...member, schema: { tags, params } }, async (request, reply) => {
    await service.deleteBrandVideo(deps, teamAccess(request), request.params.id);
    return reply.code(204).send();
  });
  r.post(
    '/:id/upload_url/',
    { ...member, schema: { tags, params, body: s.brandVideoUploadUrlRequestRequest.nullish(), response: { 200: s.uploadUrlSchema } } },
    async (request) => service.createUploadUrl(deps, teamAccess(request), request.params.id),
  );
  r.post(
    '/:id/confirm_upload/',
    { ...member, schema: { tags, params, body: s.brandVideoConfirmUploadRequestRequest.nullish(), response: { 200: s.brandVideoSchema } } },
    async (request) => service.confirmUpload(deps, teamAccess(request), request.params.id),
  );
  r.post(
    '/:id/transcribe/',
    {
      ...member,
      schema: {
        tags,
        description:
          "Sends the clip's sound (its first 5 minutes) to the transcription endpoint (STT_BASE_URL) and stores its words, timed in seconds from the clip's start. " +
          'Costs 1 credit (given back when the endpoint fails: 502 with the reason). A clip already transcribed answers its stored transcript, free, unless `force` is true; ' +
          'two calls at once make one transcription. 400 when transcription is not set up, the clip is not ready, or it has no sound.',
        params,
        body: s.brandVideoTranscribeRequest.nullish(),
        response: { 200: s.brandVideoTranscriptionSchema },
      },
    },
    async (request) => service.transcribeBrandVideo(deps, teamAccess(request), currentUser(request).id, request.params.id, request.body),
  );
}
