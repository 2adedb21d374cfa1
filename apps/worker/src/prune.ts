import type { Db } from '@hookwall/db';
import { pruneJobs } from '@hookwall/jobs';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Deletes ended queue jobs older than `retentionDays`, a minute after start and then hourly. Every
 * worker runs it: deleting what another worker deleted already is a no-op, so no leader is needed.
 * Returns the stop.
 */
export function startJobPruner(options: {
  db: Db;
  retentionDays: number;
  log?: { info(o: object, m?: string): void; error(o: object, m?: string): void };
  firstRunMs?: number;
}): () => void {
  if (options.retentionDays <= 0) return () => undefined;
  const run = async () => {
    try {
      const deleted = await pruneJobs(options.db, new Date(Date.now() - options.retentionDays * 24 * HOUR_MS));
      if (deleted > 0) options.log?.info({ deleted, retentionDays: options.retentionDays }, 'ended jobs pruned');
    } catch (error) {
      options.log?.error({ err: String(error) }, 'pruning ended jobs failed');
    }
  };
  const first = setTimeout(() => void run(), options.firstRunMs ?? 60_000);
  const every = setInterval(() => void run(), HOUR_MS);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
