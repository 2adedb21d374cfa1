import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '../../core/authenticate.ts';
import { teamAccess, teamFromHeader } from '../teams/team-access.ts';
import * as s from './voices.schemas.ts';
import * as service from './voices.service.ts';

/** `/api/voices/`: the voices a video can speak with, their samples, and speech as an asset. */
export async function voicesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['Voices'];
  const member = { onRequest: [authenticate, teamFromHeader] };

  r.get('/', { ...member, schema: { tags, response: { 200: s.voiceListSchema } } }, async () => service.listTeamVoices(deps));
  // public: an <audio> element sends no token; the sample is the same for everyone and costs nobody
  r.get('/:id/sample/', { schema: { tags, security: [], params: s.voiceIdParam, produces: ['audio/wav', 'audio/mpeg'] } }, async (request, reply) => {
    const sample = await service.voiceSample(deps, request.params.id);
    return reply.header('content-type', sample.contentType).send(sample.body);
  });
  r.post('/speak/', { ...member, schema: { tags, body: s.speakRequest, response: { 200: s.speechSchema } } }, async (request) =>
    service.speak(deps, teamAccess(request), currentUser(request).id, request.body),
  );
}
