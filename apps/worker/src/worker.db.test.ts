import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '@hookwall/config';
import { createDatabase, jobs, type Database } from '@hookwall/db';
import { createTestDatabase, type TestDatabase } from '@hookwall/db/testing';
import { enqueueJob, JobCancelledError, JobHandedBackError, jobsChannel } from '@hookwall/jobs';
import { startJobPruner } from './prune.ts';
import { startWorker, type JobHandler } from './worker.ts';

// A poll this long never fires within a test: a job that starts did so because the worker was woken.
const NEVER_POLLS = 10 * 60 * 1000;

let database: Database;
/** on PostgreSQL a second connection pool, as another process would have; PGlite has one process */
let other: Database;
let test: TestDatabase;
beforeAll(async () => {
  const config = loadConfig(process.env, { DATA_DIR: '/tmp/hookwall-worker-test' });
  test = await createTestDatabase({ databaseUrl: config.DATABASE_URL, template: inject('databaseTemplate') });
  database = test.database;
  other = test.databaseUrl ? await createDatabase({ databaseUrl: test.databaseUrl }) : database;
});
afterAll(async () => {
  if (other !== database) await other.close();
  await test.drop();
});

const mail = (n: number) => ({ to: `u${n}@example.com`, subject: 's', text: 't' });

function workerOn(db: Database, handler: JobHandler, concurrency = 1) {
  return startWorker({
    db: db.db,
    concurrency,
    pollMs: NEVER_POLLS,
    handlers: { 'send-email': handler },
    listen: (onQueued) => db.listen(jobsChannel(db.schemaName), onQueued),
  });
}

describe('worker wake-up', () => {
  it('starts a job queued in another connection at once, not at its next poll, and only after the enqueue commits', async () => {
    const started: string[] = [];
    let resolveStarted: () => void;
    const didStart = new Promise<void>((r) => (resolveStarted = r));
    const worker = workerOn(other, async (payload) => {
      started.push((payload as { to: string }).to);
      resolveStarted();
    });
    try {
      // let the first (empty) claim and the LISTEN settle, so the worker is asleep
      await new Promise((r) => setTimeout(r, 300));
      const t0 = performance.now();
      await database.db.transaction(async (tx) => {
        await enqueueJob(tx, 'send-email', mail(1));
        await new Promise((r) => setTimeout(r, 200));
        // not committed yet: the worker cannot have it
        expect(started).toEqual([]);
      });
      await didStart;
      console.log(`job started ${Math.round(performance.now() - t0 - 200)} ms after its enqueue committed`);
      expect(started).toEqual(['u1@example.com']);
    } finally {
      await worker.stop();
    }
  });

  it('wakes every idle loop of a worker, so queued jobs run side by side', async () => {
    let running = 0;
    let peak = 0;
    let finished = 0;
    let resolveAll: () => void;
    const allDone = new Promise<void>((r) => (resolveAll = r));
    const worker = workerOn(
      other,
      async () => {
        running++;
        peak = Math.max(peak, running);
        await new Promise((r) => setTimeout(r, 300));
        running--;
        if (++finished === 2) resolveAll();
      },
      2,
    );
    try {
      await new Promise((r) => setTimeout(r, 300));
      await database.db.transaction(async (tx) => {
        await enqueueJob(tx, 'send-email', mail(2));
        await enqueueJob(tx, 'send-email', mail(3));
      });
      await allDone;
      expect(peak).toBe(2);
    } finally {
      await worker.stop();
    }
  });

  it('stops listening when stopped: a job queued afterwards stays queued', async () => {
    let count = 0;
    const worker = workerOn(other, async () => {
      count++;
    });
    await new Promise((r) => setTimeout(r, 300));
    await worker.stop();
    await enqueueJob(database.db, 'send-email', mail(4));
    await new Promise((r) => setTimeout(r, 300));
    expect(count).toBe(0);
    const [row] = await database.db.execute<{ status: string }>(sql`select status from jobs where payload->>'to' = 'u4@example.com'`).then((r) => r.rows);
    expect(row?.status).toBe('queued');
    await database.db.execute(sql`delete from jobs where payload->>'to' = 'u4@example.com'`);
  });

  it('takes a job of a full group only when a place frees up, leaving it queued for other workers meanwhile', async () => {
    let running = 0;
    let peak = 0;
    const seen: string[] = [];
    let release: () => void = () => undefined;
    const worker = startWorker({
      db: other.db,
      concurrency: 3,
      pollMs: NEVER_POLLS,
      handlers: {
        'send-email': async (payload) => {
          running++;
          peak = Math.max(peak, running);
          seen.push((payload as { to: string }).to);
          if (seen.length === 1) await new Promise<void>((r) => (release = r));
          running--;
        },
      },
      groups: [{ names: ['send-email'], limit: 1 }],
      listen: (onQueued) => other.listen(jobsChannel(other.schemaName), onQueued),
    });
    try {
      await new Promise((r) => setTimeout(r, 300));
      await enqueueJob(database.db, 'send-email', mail(5));
      await enqueueJob(database.db, 'send-email', mail(6));
      while (seen.length === 0) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300));
      // three idle loops, one place: the second job is not held by this busy worker
      const statusOf = async (to: string) =>
        (await database.db.execute<{ status: string }>(sql`select status from jobs where payload->>'to' = ${to}`)).rows[0]?.status;
      expect(await statusOf(seen[0]!)).toBe('active');
      expect(await statusOf(seen[0] === 'u5@example.com' ? 'u6@example.com' : 'u5@example.com')).toBe('queued');
      release();
      while (seen.length < 2) await new Promise((r) => setTimeout(r, 20));
      expect(peak).toBe(1);
    } finally {
      release();
      await worker.stop();
    }
  });
});

describe("a run's outcome", () => {
  const rowOf = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  for (const [outcome, handlerEnd] of [
    ['returns', () => undefined],
    ['throws', () => Promise.reject(new Error('late failure'))],
    ['hands back', () => Promise.reject(new JobHandedBackError())],
    ['is cancelled', () => Promise.reject(new JobCancelledError())],
  ] as const) {
    it(`is ignored when the handler ${outcome} after its lease ran out and another worker claimed and completed the job`, async () => {
      await database.db.execute(sql`DELETE FROM jobs`);
      const id = await enqueueJob(database.db, 'send-email', mail(30));
      let wake: () => void = () => undefined;
      const woken = new Promise<void>((resolve) => (wake = resolve));
      let started: () => void = () => undefined;
      const didStart = new Promise<void>((resolve) => (started = resolve));
      const said: string[] = [];
      const log = { info: (_o: object, m?: string) => said.push(m ?? ''), error: (_o: object, m?: string) => said.push(m ?? '') };
      const stalled = startWorker(
        {
          db: database.db,
          workerId: 'stalled:1',
          handlers: {
            'send-email': async () => {
              started();
              await woken;
              await handlerEnd();
            },
          },
          log,
        },
        { autoStart: false },
      );
      const second = startWorker({ db: other.db, workerId: 'second:2', handlers: { 'send-email': async () => undefined } }, { autoStart: false });
      try {
        const stalledRun = stalled.drain();
        await didStart;
        expect(await rowOf(id)).toMatchObject({ status: 'active', lockedBy: 'stalled:1' });
        // the stalled worker stops renewing; its lease runs out and the other worker takes the job
        await database.db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));
        expect(await second.drain()).toBe(1);
        const done = await rowOf(id);
        expect(done).toMatchObject({ status: 'completed', lockedBy: 'second:2', attempts: 2, lastError: null });
        wake();
        expect(await stalledRun).toBe(1);
        expect(await rowOf(id)).toEqual(done);
        expect(said).toContain('job outcome ignored: another run holds the job');
      } finally {
        wake();
        await stalled.stop();
        await second.stop();
      }
    });
  }

  it('ends the job cancelled when its handler says what it was for was cancelled', async () => {
    await database.db.execute(sql`DELETE FROM jobs`);
    const id = await enqueueJob(database.db, 'send-email', mail(31));
    const worker = startWorker({ db: database.db, handlers: { 'send-email': () => Promise.reject(new JobCancelledError()) } }, { autoStart: false });
    expect(await worker.drain()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'cancelled', lockedUntil: null, attempts: 1 });
    await worker.stop();
  });
});

describe('stopping', () => {
  it('waits for a job that ends within the grace period, and hands back one that does not, which another worker then takes at once', async () => {
    await database.db.execute(sql`DELETE FROM jobs`);
    const quick = await enqueueJob(database.db, 'send-email', mail(10));
    const slow = await enqueueJob(database.db, 'send-email', mail(11));
    const ran: string[] = [];
    // the idle worker below starts only once this one holds both jobs: started together, it could
    // claim the quick one first on a loaded machine
    let started = 0;
    let holdsBoth: () => void;
    const bothHeld = new Promise<void>((resolve) => (holdsBoth = resolve));
    const worker = workerOn(
      database,
      async (payload, _job, stopping) => {
        const to = (payload as { to: string }).to;
        if (++started === 2) holdsBoth();
        if (to === 'u10@example.com') {
          await new Promise((r) => setTimeout(r, 100));
          ran.push(to);
          return;
        }
        // a long job that stops when told to
        await new Promise<void>((resolve) => stopping.addEventListener('abort', () => resolve(), { once: true }));
        throw new JobHandedBackError();
      },
      2,
    );
    await bothHeld;
    // another worker, idle: its first claim finds both jobs taken, then it sleeps (it never polls)
    let tookOver: (to: string) => void;
    const takenOver = new Promise<string>((resolve) => (tookOver = resolve));
    const next = workerOn(other, async (payload) => tookOver((payload as { to: string }).to));
    try {
      await new Promise((r) => setTimeout(r, 50));
      await worker.stop({ graceMs: 300 });
      expect(ran).toEqual(['u10@example.com']);
      const rows = await database.db.select().from(jobs);
      expect(rows.find((r) => r.id === quick)).toMatchObject({ status: 'completed' });
      // the hand-back notified: the idle worker takes the job without waiting for a poll
      expect(await takenOver).toBe('u11@example.com');
      const [handedBack] = await database.db.select().from(jobs).where(sql`${jobs.id} = ${slow}`);
      // the interrupted attempt was not counted: this is the job's first
      expect(handedBack!.attempts).toBe(1);
    } finally {
      await next.stop();
    }
  });

  it('prunes ended jobs older than the retention, and leaves the rest', async () => {
    await database.db.execute(sql`DELETE FROM jobs`);
    const old = await enqueueJob(database.db, 'send-email', mail(20));
    const recent = await enqueueJob(database.db, 'send-email', mail(21));
    const waiting = await enqueueJob(database.db, 'send-email', mail(22));
    await database.db.execute(sql`UPDATE jobs SET status = 'completed', updated_at = now() - interval '8 days' WHERE id = ${old}`);
    await database.db.execute(sql`UPDATE jobs SET status = 'failed', updated_at = now() - interval '6 days' WHERE id = ${recent}`);
    await database.db.execute(sql`UPDATE jobs SET updated_at = now() - interval '30 days' WHERE id = ${waiting}`);
    const stop = startJobPruner({ db: database.db, retentionDays: 7, firstRunMs: 0 });
    try {
      for (let i = 0; i < 50 && (await database.db.select().from(jobs)).length === 3; i++) await new Promise((r) => setTimeout(r, 20));
      expect((await database.db.select({ id: jobs.id }).from(jobs)).map((r) => r.id).sort()).toEqual([recent, waiting].sort());
    } finally {
      stop();
    }
  });
});
