import { countJobsByStatus } from '@hookwall/jobs';
import type { AppDeps } from '../../core/deps.ts';
import { ping } from './health.repository.ts';

/** The database's round trip and the job queue's counts; throws when either cannot be read. */
export async function checkHealth(deps: AppDeps) {
  const started = performance.now();
  await ping(deps.db);
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const jobs = await countJobsByStatus(deps.db);
  return { status: 'ok', database: { status: 'ok', kind: deps.database.kind, latency_ms: latencyMs }, queue: { status: 'ok', ...jobs } };
}
