import { randomUUID } from 'node:crypto';
import { insertMany, jobs, type Db } from '@hookwall/db';
import { notifyJobQueued } from './channel.ts';
import { jobPayloads, type JobName, type JobPayload } from './names.ts';
import type { EnqueueOptions } from './queue.ts';

type Executor = Pick<Db, 'execute'>;

/**
 * Adds many jobs of one kind as `enqueueJob` adds one, with one insert (`insertMany`) and one
 * NOTIFY: a bulk of videos queues its renders in two statements instead of two per video. The rows keep the order of `payloads` (their `seq`), so they are claimed in that order.
 * Pass a transaction as `db` to enqueue atomically with the change that causes them.
 */
export async function enqueueJobs<N extends JobName>(db: Executor, name: N, payloads: JobPayload<N>[], options: EnqueueOptions = {}): Promise<string[]> {
  if (payloads.length === 0) return [];
  const runAt = options.runAt ?? new Date();
  const rows = payloads.map((payload) => ({
    id: randomUUID(),
    name,
    payload: jobPayloads[name].parse(payload),
    maxAttempts: options.maxAttempts ?? 5,
    runAt,
    fairKey: options.fairKey ?? null,
  }));
  await insertMany(db, jobs, rows);
  await db.execute(notifyJobQueued(name));
  return rows.map((row) => row.id);
}
