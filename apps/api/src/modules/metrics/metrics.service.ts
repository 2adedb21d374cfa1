import { createHash, timingSafeEqual } from 'node:crypto';
import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Config } from '@hookwall/config';
import { countOpenJobsByNameAndState, jobPayloads, oldestDueJobAgeSeconds, OPEN_JOB_STATES } from '@hookwall/jobs';
import type { AppDeps } from '../../core/deps.ts';
import { renderDurations, type RenderDurations } from './metrics.repository.ts';

/** seconds; most requests take milliseconds, uploads and copywriting seconds */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** seconds: from a short fast-path text wall up to a long full Remotion render */
export const RENDER_BUCKETS = [5, 10, 20, 30, 60, 120, 300, 600, 1800] as const;
const RENDER_ENGINES = ['fast', 'remotion'];

// the process's own metrics (CPU, memory, event loop lag, GC) are collected once per process,
// however many apps it builds (the tests build many)
let processRegistry: Registry | undefined;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

type Log = { error(o: object, m?: string): void };

export interface AppMetrics {
  /** records one answered request; `route` is the route's pattern (`/api/contexts/:id/`), never the raw URL */
  observeRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void;
  /** the Prometheus text exposition: the process, HTTP, and the database's jobs and renders read now; a database failure is logged on `log` */
  scrape(log: Log): Promise<string>;
  contentType: string;
}

/**
 * One app's metrics. HTTP latency is counted in this process; jobs and render times are read from
 * the database at each scrape, so every API machine reports the same cluster-wide values (aggregate
 * them with max, not sum) and they survive restarts.
 */
export function createMetrics(deps: Pick<AppDeps, 'db'>): AppMetrics {
  const registry = new Registry();
  const http = new Histogram({
    name: 'hookwall_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [registry],
  });
  const jobs = new Gauge({
    name: 'hookwall_jobs',
    help: 'Jobs in the queue (the jobs table) by name and state, read at scrape time; completed jobs are not counted.',
    labelNames: ['name', 'state'] as const,
    registers: [registry],
  });
  const oldest = new Gauge({
    name: 'hookwall_jobs_oldest_queued_age_seconds',
    help: 'How long the oldest due queued job has waited for a worker (0 when none waits), read at scrape time.',
    registers: [registry],
  });
  const databaseUp = new Gauge({
    name: 'hookwall_metrics_database_up',
    help: '1 when the database answered the queries of this scrape, else 0 (the job and render metrics are then missing).',
    registers: [registry],
  });
  let renders: RenderDurations[] = [];

  async function readDatabase(log: Log) {
    try {
      const [counts, age, durations] = await Promise.all([countOpenJobsByNameAndState(deps.db), oldestDueJobAgeSeconds(deps.db), renderDurations(deps.db, RENDER_BUCKETS)]);
      jobs.reset();
      // every known job and state, zeros included, so a series does not vanish when its queue empties
      for (const name of Object.keys(jobPayloads)) for (const state of OPEN_JOB_STATES) jobs.set({ name, state }, 0);
      for (const row of counts) jobs.set({ name: row.name, state: row.state }, row.count);
      oldest.set(age);
      renders = durations;
      databaseUp.set(1);
    } catch (error) {
      log.error({ err: String(error) }, 'metrics: the database could not be read');
      jobs.reset();
      oldest.reset();
      renders = [];
      databaseUp.set(0);
    }
  }

  return {
    contentType: registry.contentType,
    observeRequest(method, route, statusCode, seconds) {
      http.observe({ method, route: route ?? 'unmatched', status_code: String(statusCode) }, seconds);
    },
    async scrape(log) {
      await readDatabase(log);
      return `${await processMetrics().metrics()}\n${await registry.metrics()}${renderHistogramText(renders)}`;
    },
  };
}

const RENDER_METRIC = 'hookwall_render_duration_seconds';
const RENDER_HELP = 'Render time of completed renders (render_jobs.render_ms) by engine, read from the database at scrape time.';

/**
 * The render-time histogram in the Prometheus text format. Its buckets are counted by the database
 * (see `renderDurations`), not observed in this process: renders finish in the workers, which serve
 * no HTTP. prom-client's Histogram can only count observations, so the standard
 * `_bucket`/`_sum`/`_count` series per engine are written here, from the last database read.
 */
function renderHistogramText(current: RenderDurations[]): string {
  const rows = new Map(current.map((r) => [r.engine, r]));
  for (const engine of RENDER_ENGINES) if (!rows.has(engine)) rows.set(engine, { engine, count: 0, sumSeconds: 0, cumulative: RENDER_BUCKETS.map(() => 0) });
  const lines = [`# HELP ${RENDER_METRIC} ${RENDER_HELP}`, `# TYPE ${RENDER_METRIC} histogram`];
  for (const r of rows.values()) {
    RENDER_BUCKETS.forEach((le, i) => lines.push(`${RENDER_METRIC}_bucket{engine="${r.engine}",le="${le}"} ${r.cumulative[i]!}`));
    lines.push(`${RENDER_METRIC}_bucket{engine="${r.engine}",le="+Inf"} ${r.count}`);
    lines.push(`${RENDER_METRIC}_sum{engine="${r.engine}"} ${r.sumSeconds}`);
    lines.push(`${RENDER_METRIC}_count{engine="${r.engine}"} ${r.count}`);
  }
  return `${lines.join('\n')}\n`;
}

export type MetricsAccess = 'allowed' | 'unauthorized' | 'forbidden';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics, in this order:
 * 1. `METRICS_TOKEN` set: whoever sends `Authorization: Bearer <METRICS_TOKEN>` (401 otherwise), from any address;
 * 2. `METRICS_ENABLED=true`: everyone;
 * 3. otherwise: connections from the machine itself (127.0.0.0/8, ::1) that no proxy relayed
 *    (no `X-Forwarded-For` or `Forwarded`: a reverse proxy on the same machine makes every
 *    visitor look local), 403 for the rest.
 */
export function metricsAccess(
  config: Pick<Config, 'METRICS_TOKEN' | 'METRICS_ENABLED'>,
  request: { remoteAddress: string | undefined; headers: Record<string, string | string[] | undefined> },
): MetricsAccess {
  if (config.METRICS_TOKEN) {
    const given = /^Bearer (.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1]?.trim() ?? '';
    return timingSafeEqual(digest(given), digest(config.METRICS_TOKEN)) ? 'allowed' : 'unauthorized';
  }
  if (config.METRICS_ENABLED) return 'allowed';
  const relayed = request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined;
  return !relayed && isLoopback(request.remoteAddress) ? 'allowed' : 'forbidden';
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}
