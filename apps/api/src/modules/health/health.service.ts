import { countOpenJobsByState, oldestDueJobAgeSeconds } from '@hookwall/jobs';
import type { AppDeps } from '../../core/deps.ts';
import { ping } from './health.repository.ts';

/**
 * The database's round trip and the job queue: its counts by state and how long the oldest due job
 * has waited for a worker (`oldest_queued_age_seconds`, 0 when none waits; a growing value means
 * the workers do not keep up). Throws when either cannot be read. `billing` says which billing
 * mode runs (BILLING: stripe, none or local), so a monitor can tell a production on the test
 * checkout.
 */
export async function checkHealth(deps: AppDeps) {
  const started = performance.now();
  await ping(deps.db);
  const latencyMs = Math.round((performance.now() - started) * 10) / 10;
  const jobs = await countOpenJobsByState(deps.db);
  const oldest = await oldestDueJobAgeSeconds(deps.db);
  return {
    status: 'ok',
    database: { status: 'ok', kind: deps.database.kind, latency_ms: latencyMs },
    queue: { status: 'ok', ...jobs, oldest_queued_age_seconds: Math.round(oldest * 10) / 10 },
    billing: { mode: deps.config.BILLING },
  };
}
