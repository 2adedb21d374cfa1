import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../core/authenticate.ts';
import { paginate } from '../../core/pagination.ts';
import { teamAccess, teamFromHeader } from '../teams/team-access.ts';
import * as s from './video-templates.schemas.ts';
import * as templates from './video-templates.service.ts';

/** `/api/video-templates/`: the current team's saved batch setups (team from X-Team-Slug or the first team). */
export async function videoTemplatesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['Video Templates'];
  const member = { onRequest: [authenticate, teamFromHeader] };

  r.get('/', { ...member, schema: { tags, querystring: s.videoTemplateListQuery, response: { 200: s.videoTemplatePage } } }, async (request) =>
    paginate(request, request.query, (p) => templates.listTemplates(deps, teamAccess(request), request.query.composition, p.pageSize, p.offset)),
  );
  r.post('/', { ...member, schema: { tags, body: s.videoTemplateRequest, response: { 201: s.videoTemplateSchema } } }, async (request, reply) => {
    reply.code(201);
    return templates.createTemplate(deps, teamAccess(request), request.body);
  });
  r.get('/:id/', { ...member, schema: { tags, params: s.uuidIdParam, response: { 200: s.videoTemplateSchema } } }, async (request) =>
    templates.getTemplate(deps, teamAccess(request), request.params.id),
  );
  r.patch('/:id/', { ...member, schema: { tags, params: s.uuidIdParam, body: s.patchedVideoTemplateRequest, response: { 200: s.videoTemplateSchema } } }, async (request) =>
    templates.updateTemplate(deps, teamAccess(request), request.params.id, request.body),
  );
  r.delete('/:id/', { ...member, schema: { tags, params: s.uuidIdParam } }, async (request, reply) => {
    await templates.deleteTemplate(deps, teamAccess(request), request.params.id);
    return reply.code(204).send();
  });
}
