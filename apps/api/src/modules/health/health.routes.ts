import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { countJobsByStatus } from '@hookwall/jobs';

export async function healthRoutes(app: FastifyInstance) {
  const deps = app.deps;
  app.get('/api/health/', { schema: { tags: ['health'] } }, async (_request, reply) => {
    try {
      const started = performance.now();
      await deps.db.execute(sql`select 1`);
      const latencyMs = Math.round((performance.now() - started) * 10) / 10;
      const jobs = await countJobsByStatus(deps.db);
      return { status: 'ok', database: { status: 'ok', kind: deps.database.kind, latency_ms: latencyMs }, queue: { status: 'ok', ...jobs } };
    } catch (error) {
      app.log.error({ err: error }, 'health check failed');
      return reply.code(503).send({ status: 'error', database: { status: 'error', kind: deps.database.kind }, queue: { status: 'unknown' } });
    }
  });
}
