import type { FastifyInstance } from 'fastify';
import { AppError } from '../../core/errors.ts';
import { createMetrics, metricsAccess } from './metrics.service.ts';

/**
 * `GET /metrics` in the Prometheus text format (outside /api: it is for the operator's scraper, not
 * the product), and the timing of every request. Called on the root app, before the routes, so its
 * hook sees every route; who may read it: `metricsAccess`.
 */
export function registerMetrics(app: FastifyInstance) {
  const deps = app.deps;
  const metrics = createMetrics(deps);

  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.method, request.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const access = metricsAccess(deps.config, { remoteAddress: request.socket.remoteAddress, headers: request.headers });
    if (access === 'unauthorized') {
      throw new AppError('not_authenticated', 'Send the metrics token as a bearer token.', {
        body: { detail: 'Send the metrics token as a bearer token.', code: 'not_authenticated' },
        headers: { 'www-authenticate': 'Bearer realm="metrics"' },
      });
    }
    if (access === 'forbidden') {
      const detail = 'Metrics are served to this machine only; set METRICS_TOKEN or METRICS_ENABLED to read them from elsewhere.';
      throw new AppError('permission_denied', detail, { body: { detail, code: 'permission_denied' } });
    }
    return reply.header('content-type', metrics.contentType).header('cache-control', 'no-store').send(await metrics.scrape(request.log));
  });
}
