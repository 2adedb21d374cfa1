import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import type { Config } from '@hookwall/config';
import { AppError } from './errors.ts';

/** what monitoring reads must answer most when the API is overloaded; everything else waits */
const EXEMPT_ROUTES = new Set(['/api/health/', '/metrics']);
const WARN_EVERY_MS = 10_000;

/**
 * Sheds load instead of letting requests time out: while the event loop's mean delay over the last
 * second (or its utilization, or the heap) is past its `OVERLOAD_*` limit, every request except
 * health and metrics is answered at once with 503 `{"detail", "code": "service_unavailable"}` and
 * `Retry-After`, before authentication or any database work. The default (a mean delay of 1 s)
 * only trips when the process is badly stuck; the other limits are off unless configured.
 */
export async function registerOverloadProtection(app: FastifyInstance, config: Pick<Config, 'OVERLOAD_MAX_EVENT_LOOP_DELAY_MS' | 'OVERLOAD_MAX_EVENT_LOOP_UTILIZATION' | 'OVERLOAD_MAX_HEAP_USED_BYTES' | 'OVERLOAD_RETRY_AFTER_SECONDS'>) {
  const detail = 'The server is busy. Please try again in a moment.';
  let lastWarning = 0;
  await app.register(underPressure, {
    maxEventLoopDelay: config.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
    maxEventLoopUtilization: config.OVERLOAD_MAX_EVENT_LOOP_UTILIZATION,
    maxHeapUsedBytes: config.OVERLOAD_MAX_HEAP_USED_BYTES,
    retryAfter: config.OVERLOAD_RETRY_AFTER_SECONDS,
    // resolving lets the request through; rejecting answers it with the error (error-handler.ts)
    pressureHandler: async (request, _reply, type, value) => {
      if (request.routeOptions.url && EXEMPT_ROUTES.has(request.routeOptions.url)) return;
      if (Date.now() - lastWarning > WARN_EVERY_MS) {
        lastWarning = Date.now();
        request.log.warn({ pressure: type, value }, 'overloaded: answering 503 until it passes');
      }
      throw new AppError('service_unavailable', detail, {
        body: { detail, code: 'service_unavailable' },
        headers: { 'retry-after': String(config.OVERLOAD_RETRY_AFTER_SECONDS) },
      });
    },
  });
}
