import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../core/authenticate.ts';
import { paginate } from '../../core/pagination.ts';
import { teamAccess, teamFromHeader } from '../teams/team-access.ts';
import * as s from './render-jobs.schemas.ts';
import * as service from './render-jobs.service.ts';

/** `/api/remotion-render-jobs/`: the team's renders, newest first; a member can stop one. */
export async function renderJobsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['api'];
  const member = { onRequest: [authenticate, teamFromHeader] };
  const params = s.renderJobIdParam;

  r.get('/', { ...member, schema: { tags, querystring: s.renderJobListQuery, response: { 200: s.renderJobPage } } }, async (request) =>
    paginate(request, request.query, (p) => service.listRenderJobs(deps, teamAccess(request), request.query, p.pageSize, p.offset)),
  );
  r.get('/:id/', { ...member, schema: { tags, params, response: { 200: s.renderJobSchema } } }, async (request) =>
    service.getRenderJob(deps, teamAccess(request), request.params.id),
  );
  r.post('/:id/cancel/', { ...member, schema: { tags, params, body: s.emptyRequest, response: { 200: s.renderJobSchema } } }, async (request) =>
    service.cancelRenderJob(deps, teamAccess(request), request.params.id),
  );
}
