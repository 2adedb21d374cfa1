import type { Db } from '@hookwall/db';
import { cancelJob, claimJob, completeJob, failJob, JobCancelledError, JobHandedBackError, processWorkerId, releaseJob, type ClaimedJob } from '@hookwall/jobs';

/**
 * Runs a job. `stopping` is aborted when the worker stops and its grace period has run out: a long
 * job then stops and throws JobHandedBackError, and the job goes back to the queue for another
 * worker (a short one may ignore it and finish). A job whose purpose was cancelled while it ran
 * throws JobCancelledError and ends `cancelled`. Whatever it returns or throws changes the job only
 * while this run still holds it (`job.runToken`, docs/queue.md).
 */
export type JobHandler = (payload: unknown, job: ClaimedJob, stopping: AbortSignal) => Promise<void>;

export interface WorkerOptions {
  db: Db;
  handlers: Record<string, JobHandler>;
  /** stored on the jobs it claims (`locked_by`); this process's `host:pid` unless given */
  workerId?: string;
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
  /**
   * Takes no new job, and waits for the running ones: those still running after `graceMs` (default:
   * no limit) are told to stop and handed back to the queue, where another worker takes them at once.
   */
  stop(options?: { graceMs?: number }): Promise<void>;
}

export function startWorker(options: WorkerOptions, { autoStart = true } = {}): Worker {
  const names = Object.keys(options.handlers);
  const concurrency = options.concurrency ?? 2;
  let isStopped = false;
  const sleepers = new Set<() => void>();
  const stopping = new AbortController();

  const groups = (options.groups ?? []).map((g) => ({ ...g, running: 0 }));
  const groupOf = (name: string) => groups.find((g) => g.names.includes(name));

  /** jobs being claimed or run, by loops and by drain() alike: stop() waits for them */
  const inFlight = new Set<Promise<boolean>>();
  function runOne(): Promise<boolean> {
    const run = claimAndRun();
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run)).catch(() => undefined);
    return run;
  }

  async function claimAndRun(): Promise<boolean> {
    // reserve a place in every group with room before claiming, so two loops cannot both fill the last one
    const reserved = groups.filter((g) => g.running < g.limit);
    for (const g of reserved) g.running++;
    const claimable = names.filter((n) => !groupOf(n) || reserved.includes(groupOf(n)!));
    let job: ClaimedJob | null = null;
    try {
      job = claimable.length ? await claimJob(options.db, claimable, { workerId: options.workerId ?? processWorkerId }) : null;
    } finally {
      const kept = job ? groupOf(job.name) : undefined;
      for (const g of reserved) if (g !== kept) g.running--;
    }
    if (!job) return false;
    const group = groupOf(job.name);
    const t0 = performance.now();
    options.log?.info({ job: job.id, name: job.name, attempt: job.attempts }, 'job started');
    const about = () => ({ job: job.id, name: job.name, attempt: job.attempts, ms: Math.round(performance.now() - t0) });
    // a run whose lease ran out while another worker claimed the job changes nothing: that worker's outcome stands
    const superseded = () => options.log?.info(about(), 'job outcome ignored: another run holds the job');
    try {
      await options.handlers[job.name]!(job.payload, job, stopping.signal);
      if (await completeJob(options.db, job)) options.log?.info(about(), 'job completed');
      else superseded();
    } catch (error) {
      if (error instanceof JobHandedBackError) {
        if (await releaseJob(options.db, job)) options.log?.info(about(), 'job handed back');
        else superseded();
        return true;
      }
      if (error instanceof JobCancelledError) {
        if (await cancelJob(options.db, job)) options.log?.info(about(), 'job cancelled');
        else superseded();
        return true;
      }
      const outcome = await failJob(options.db, job, error);
      if (outcome === 'superseded') superseded();
      else options.log?.error({ ...about(), err: String(error), outcome }, 'job failed');
    } finally {
      if (group) group.running--;
    }
    return true;
  }

  async function drain(): Promise<number> {
    let count = 0;
    while (!isStopped && (await runOne())) count++;
    return count;
  }

  async function loop() {
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
    async stop({ graceMs = Infinity } = {}) {
      isStopped = true;
      const unsubscribe = await unlisten;
      await unsubscribe?.();
      wakeAll();
      const finished = Promise.allSettled([...inFlight]).then(() => undefined);
      if (Number.isFinite(graceMs)) {
        let timer: NodeJS.Timeout | undefined;
        const outcome = await Promise.race([finished, new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)))]);
        clearTimeout(timer);
        if (outcome === 'late') {
          options.log?.info({ graceMs }, 'stopping: handing running jobs back to the queue');
          stopping.abort();
        }
      }
      await finished;
    },
  };
}
