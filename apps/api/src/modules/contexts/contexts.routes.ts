import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate, currentUser } from '../../core/authenticate.ts';
import { paginate } from '../../core/pagination.ts';
import { teamAccess, teamFromHeader } from '../teams/team-access.ts';
import * as s from './contexts.schemas.ts';
import * as service from './contexts.service.ts';
import { importContextFromUrl } from './url-import.service.ts';

/** `/api/contexts/`: the current team's product contexts (team from X-Team-Slug or the first team). */
export async function contextsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const tags = ['api'];
  const member = { onRequest: [authenticate, teamFromHeader] };

  r.get('/', { ...member, schema: { tags, querystring: s.contextListQuery, response: { 200: s.contextPage } } }, async (request) =>
    paginate(request, request.query, (p) => service.listContexts(deps, teamAccess(request), request.query, p.pageSize, p.offset)),
  );
  r.post('/', { ...member, schema: { tags, body: s.contextRequest, response: { 201: s.contextSchema } } }, async (request, reply) => {
    reply.code(201);
    return service.createContext(deps, teamAccess(request), currentUser(request), request.body);
  });
  r.post(
    '/from_url/',
    {
      ...member,
      schema: {
        tags,
        description:
          'Fetches a product page and creates a product context from what it says (JSON-LD Product, Open Graph and meta tags, the title, the main text and its bullet lists): 201 with the context. Only public http and https addresses: every address the name resolves to and every redirect (at most 5) is checked, and loopback, private, link-local, multicast and unspecified addresses are refused unless URL_IMPORT_ALLOW_HOSTS lists them; 10 s and 3 MB at most; only HTML. Every refusal, and a page that fails (not found, too slow, not HTML), is a 400 on `url` saying why. 30 imports per minute per team, then 429.',
        body: s.contextFromUrlRequest,
        response: { 201: s.contextSchema },
      },
    },
    async (request, reply) => {
      const context = await importContextFromUrl(deps, teamAccess(request), currentUser(request), request.body.url);
      reply.code(201);
      return context;
    },
  );
  r.get('/download_csv/', { ...member, schema: { tags, produces: ['text/csv'] } }, async (request, reply) =>
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="contexts.csv"')
      .header('cache-control', 'no-store')
      .send(service.exportContextsCsv(deps, teamAccess(request))),
  );
  r.get('/:id/', { ...member, schema: { tags, params: s.contextIdParam, response: { 200: s.contextSchema } } }, async (request) =>
    service.getContext(deps, teamAccess(request), request.params.id),
  );
  r.put('/:id/', { ...member, schema: { tags, params: s.contextIdParam, body: s.contextRequest, response: { 200: s.contextSchema } } }, async (request) =>
    service.updateContext(deps, teamAccess(request), request.params.id, request.body),
  );
  r.patch('/:id/', { ...member, schema: { tags, params: s.contextIdParam, body: s.patchedContextRequest, response: { 200: s.contextSchema } } }, async (request) =>
    service.updateContext(deps, teamAccess(request), request.params.id, request.body),
  );
  r.delete('/:id/', { ...member, schema: { tags, params: s.contextIdParam } }, async (request, reply) => {
    await service.deleteContext(deps, teamAccess(request), request.params.id);
    return reply.code(204).send();
  });
}
