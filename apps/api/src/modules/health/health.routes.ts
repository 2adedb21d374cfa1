import type { FastifyInstance } from 'fastify';
import { checkHealth } from './health.service.ts';

export async function healthRoutes(app: FastifyInstance) {
  const deps = app.deps;
  app.get('/api/health/', { schema: { tags: ['api'] } }, async (request, reply) => {
    try {
      return await checkHealth(deps);
    } catch (error) {
      request.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'error', database: { status: 'error', kind: deps.database.kind }, queue: { status: 'unknown' }, billing: { mode: deps.config.BILLING } });
    }
  });
}
