import type { Db } from '@hookwall/db';
import { claimJob, completeJob, failJob, type ClaimedJob } from '@hookwall/jobs';

export type JobHandler = (payload: unknown, job: ClaimedJob) => Promise<void>;

export interface WorkerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  concurrency?: number;
  /** the longest a due job waits when no notification arrives (a retry's backoff running out, a lost lease) */
  pollMs?: number;
  /**
   * Subscribes to "a job was queued" (the database's LISTEN on `jobsChannel`), so an idle worker
   * starts a new job at once instead of at its next poll; returns the unsubscribe.
   */
  listen?: (onQueued: () => void) => Promise<() => Promise<void>>;
  log?: { info(o: object, m?: string): void; error(o: object, m?: string): void };
  /**
   * Jobs that share a limit (renders: `parallel` at once). A loop takes such a job only while its
   * group has room, so a busy worker leaves queued renders to idle workers instead of holding them.
   */
  groups?: { names: string[]; limit: number }[];
}

export interface Worker {
  /** Runs due jobs until none is left; used by tests and by the poll loop. Returns how many ran. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

export function startWorker(options: WorkerOptions, { autoStart = true } = {}): Worker {
  const names = Object.keys(options.handlers);
  const concurrency = options.concurrency ?? 2;
  let isStopped = false;
  let active = 0;
  const sleepers = new Set<() => void>();
  const idle = new Set<() => void>();

  const groups = (options.groups ?? []).map((g) => ({ ...g, running: 0 }));
  const groupOf = (name: string) => groups.find((g) => g.names.includes(name));

  async function runOne(): Promise<boolean> {
    // reserve a place in every group with room before claiming, so two loops cannot both fill the last one
    const reserved = groups.filter((g) => g.running < g.limit);
    for (const g of reserved) g.running++;
    const claimable = names.filter((n) => !groupOf(n) || reserved.includes(groupOf(n)!));
    let job: ClaimedJob | null = null;
    try {
      job = claimable.length ? await claimJob(options.db, claimable) : null;
    } finally {
      const kept = job ? groupOf(job.name) : undefined;
      for (const g of reserved) if (g !== kept) g.running--;
    }
    if (!job) return false;
    const group = groupOf(job.name);
    const t0 = performance.now();
    options.log?.info({ job: job.id, name: job.name, attempt: job.attempts }, 'job started');
    try {
      await options.handlers[job.name]!(job.payload, job);
      await completeJob(options.db, job.id);
      options.log?.info({ job: job.id, name: job.name, attempt: job.attempts, ms: Math.round(performance.now() - t0) }, 'job completed');
    } catch (error) {
      const outcome = await failJob(options.db, job, error);
      options.log?.error({ job: job.id, name: job.name, attempt: job.attempts, ms: Math.round(performance.now() - t0), err: String(error), outcome }, 'job failed');
    } finally {
      if (group) group.running--;
    }
    return true;
  }

  async function drain(): Promise<number> {
    let count = 0;
    while (await runOne()) count++;
    return count;
  }

  async function loop() {
    active++;
    try {
      while (!isStopped) {
        let didWork = false;
        try {
          didWork = await runOne();
        } catch (error) {
          if (!isStopped) options.log?.error({ err: String(error) }, 'worker poll failed');
        }
        if (!didWork && !isStopped) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(done, options.pollMs ?? 2000);
            function done() {
              clearTimeout(timer);
              sleepers.delete(done);
              resolve();
            }
            sleepers.add(done);
          });
        }
      }
    } finally {
      active--;
      if (active === 0) for (const r of idle) r();
    }
  }

  // every idle loop wakes: each claims at most one job, the ones that find none sleep again
  const wakeAll = () => {
    for (const done of [...sleepers]) done();
  };
  let unlisten: Promise<(() => Promise<void>) | null> = Promise.resolve(null);
  if (autoStart) {
    unlisten = options.listen
      ? options.listen(wakeAll).catch((error) => {
          options.log?.error({ err: String(error) }, 'cannot listen for new jobs: polling only');
          return null;
        })
      : Promise.resolve(null);
    for (let i = 0; i < concurrency; i++) void loop();
  }

  return {
    drain,
    async stop() {
      isStopped = true;
      await (await unlisten)?.();
      wakeAll();
      if (active > 0) await new Promise<void>((resolve) => idle.add(resolve));
    },
  };
}
