import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '@hookwall/config';
import { jobs, type Database } from '@hookwall/db';
import { createTestDatabase, type TestDatabase } from '@hookwall/db/testing';
import { cancelJob, cancelQueuedJob, claimJob, completeJob, enqueueJob, extendLease, failJob, pruneJobs, releaseJob } from './queue.ts';

let database: Database;
let test: TestDatabase;
beforeAll(async () => {
  const config = loadConfig(process.env, { DATA_DIR: '/tmp/hookwall-queue-test' });
  test = await createTestDatabase({ databaseUrl: config.DATABASE_URL, template: inject('databaseTemplate') });
  database = test.database;
});
afterAll(() => test.drop());

const mail = (n: number) => ({ to: `u${n}@example.com`, subject: 's', text: 't' });
const rowOf = async (id: string) => (await database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
/** the worker died or stalled: its lease is over */
const expireLease = (id: string) => database.db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));

describe('job queue', () => {
  it('hands each job to exactly one of many concurrent claimers', async () => {
    for (let i = 0; i < 20; i++) await enqueueJob(database.db, 'send-email', mail(i));
    const claims = await Promise.all(Array.from({ length: 40 }, () => claimJob(database.db, ['send-email'])));
    const ids = claims.filter(Boolean).map((c) => c!.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    for (const claim of claims) if (claim) await completeJob(database.db, claim);
    expect(await claimJob(database.db, ['send-email'])).toBeNull();
  });

  it('reclaims a job whose worker died (lease expired) and fails it after its last attempt', async () => {
    const id = await enqueueJob(database.db, 'send-email', mail(99), { maxAttempts: 2 });
    const first = await claimJob(database.db, ['send-email'], { leaseSeconds: 60 });
    expect(first?.id).toBe(id);
    expect(await claimJob(database.db, ['send-email'])).toBeNull();
    // the worker vanished: its lease runs out
    await expireLease(id);
    const second = await claimJob(database.db, ['send-email']);
    expect(second).toMatchObject({ id, attempts: 2 });
    expect(await failJob(database.db, second!, new Error('smtp down'))).toBe('failed');
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'failed', lastError: 'smtp down' });
  });

  it("ignores a stalled worker's late outcome once another worker has claimed its job, and keeps the second worker's", async () => {
    const id = await enqueueJob(database.db, 'send-email', mail(100));
    const stalled = await claimJob(database.db, ['send-email'], { workerId: 'stalled:1', leaseSeconds: 60 });
    expect(stalled).toMatchObject({ id, workerId: 'stalled:1' });
    expect(await rowOf(id)).toMatchObject({ status: 'active', lockedBy: 'stalled:1', runToken: stalled!.runToken });
    await expireLease(id);
    const second = await claimJob(database.db, ['send-email'], { workerId: 'second:2', leaseSeconds: 60 });
    expect(second).toMatchObject({ id, workerId: 'second:2', attempts: 2 });
    expect(second!.runToken).not.toBe(stalled!.runToken);
    const held = await rowOf(id);
    expect(held).toMatchObject({ status: 'active', lockedBy: 'second:2', runToken: second!.runToken });

    // the stalled worker wakes up: each of its changes is refused and leaves the row as it was
    expect(await extendLease(database.db, stalled!, 600)).toBe(false);
    expect(await completeJob(database.db, stalled!)).toBe(false);
    expect(await failJob(database.db, stalled!, new Error('late failure'))).toBe('superseded');
    expect(await releaseJob(database.db, stalled!)).toBe(false);
    expect(await cancelJob(database.db, stalled!)).toBe(false);
    expect(await rowOf(id)).toEqual(held);

    // the worker that holds it renews and completes it
    expect(await extendLease(database.db, second!, 600)).toBe(true);
    expect((await rowOf(id)).lockedUntil!.getTime()).toBeGreaterThan(held.lockedUntil!.getTime());
    expect(await completeJob(database.db, second!)).toBe(true);
    const done = await rowOf(id);
    expect(done).toMatchObject({ status: 'completed', lockedUntil: null, lastError: null });
    // and a late word from the stalled one after that changes nothing either (no requeue, no failure)
    expect(await failJob(database.db, stalled!, new Error('late failure'))).toBe('superseded');
    expect(await completeJob(database.db, stalled!)).toBe(false);
    expect(await rowOf(id)).toEqual(done);
  });

  it('lets a run whose lease ran out finish while no other worker has claimed its job, and one run end it only once', async () => {
    const id = await enqueueJob(database.db, 'send-email', mail(101));
    const slow = await claimJob(database.db, ['send-email'], { leaseSeconds: 60 });
    await expireLease(id);
    expect(await failJob(database.db, slow!, new Error('smtp down'))).toBe('retry');
    expect(await rowOf(id)).toMatchObject({ status: 'queued', lastError: 'smtp down' });
    // the failure requeued it: the same run cannot complete it afterwards
    expect(await completeJob(database.db, slow!)).toBe(false);
    expect((await rowOf(id)).status).toBe('queued');
    await database.db.update(jobs).set({ runAt: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));
    const retry = await claimJob(database.db, ['send-email'], { leaseSeconds: 60 });
    expect(retry).toMatchObject({ id, attempts: 2 });
    await expireLease(id);
    expect(await completeJob(database.db, retry!)).toBe(true);
    expect((await rowOf(id)).status).toBe('completed');
  });

  it('cancels a queued job for good, and a running one only through the run that holds it', async () => {
    const queued = await enqueueJob(database.db, 'send-email', mail(102));
    await cancelQueuedJob(database.db, queued);
    expect(await rowOf(queued)).toMatchObject({ status: 'cancelled', lastError: null });
    expect(await claimJob(database.db, ['send-email'])).toBeNull();

    const running = await enqueueJob(database.db, 'send-email', mail(103));
    const run = await claimJob(database.db, ['send-email']);
    // a cancel from outside leaves a running job to its worker
    await cancelQueuedJob(database.db, running);
    expect((await rowOf(running)).status).toBe('active');
    expect(await cancelJob(database.db, run!)).toBe(true);
    expect(await rowOf(running)).toMatchObject({ status: 'cancelled', lockedUntil: null });
    // ended: nothing of its run changes it any more
    expect(await completeJob(database.db, run!)).toBe(false);
    expect((await rowOf(running)).status).toBe('cancelled');
    await database.db.delete(jobs).where(inArray(jobs.id, [queued, running]));
  });

  it('refuses a state it does not know', async () => {
    const id = await enqueueJob(database.db, 'send-email', mail(104));
    await expect(database.db.update(jobs).set({ status: 'done' }).where(eq(jobs.id, id))).rejects.toThrow();
    await database.db.delete(jobs).where(eq(jobs.id, id));
  });

  it('gives the cancels stored before the cancelled state (completed, last error "cancelled") that state when migrating', async () => {
    const ids = await Promise.all([105, 106, 107].map((n) => enqueueJob(database.db, 'send-email', mail(n))));
    const [oldCancel, completed, failed] = ids as [string, string, string];
    // the table as it was before the migration: no check on the state
    await database.db.execute(sql`ALTER TABLE jobs DROP CONSTRAINT jobs_status_known`);
    await database.db.update(jobs).set({ status: 'completed', lastError: 'cancelled' }).where(eq(jobs.id, oldCancel));
    await database.db.update(jobs).set({ status: 'completed' }).where(eq(jobs.id, completed));
    await database.db.update(jobs).set({ status: 'failed', lastError: 'smtp down' }).where(eq(jobs.id, failed));
    // the migration's statements after its new columns: the data, then the check
    const file = readFileSync(createRequire(import.meta.url).resolve('@hookwall/db/migrations/0012_cancelled_state_and_run_tokens.sql'), 'utf8');
    const statements = file.split('--> statement-breakpoint').filter((statement) => !/ADD COLUMN|CREATE INDEX/.test(statement));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await database.db.execute(sql.raw(statement));
    expect(await rowOf(oldCancel)).toMatchObject({ status: 'cancelled', lastError: null });
    expect(await rowOf(completed)).toMatchObject({ status: 'completed', lastError: null });
    expect(await rowOf(failed)).toMatchObject({ status: 'failed', lastError: 'smtp down' });
    await database.db.delete(jobs).where(inArray(jobs.id, ids));
  });

  it('refuses a payload that does not match its job', async () => {
    await expect(enqueueJob(database.db, 'send-email', { to: 'x' } as never)).rejects.toThrow();
  });

  it("takes turns between teams: one team's bulk of 50 does not hold back another team's single job", async () => {
    // a worker takes one job at a time, as a render slot does
    const first = await enqueueJob(database.db, 'send-email', mail(1000), { fairKey: 'team:1' });
    const bulk = [first];
    for (let i = 1; i < 50; i++) bulk.push(await enqueueJob(database.db, 'send-email', mail(1000 + i), { fairKey: 'team:1' }));
    const taken: string[] = [];
    const next = async () => {
      const job = await claimJob(database.db, ['send-email']);
      if (job) {
        taken.push(job.id);
        await completeJob(database.db, job);
      }
      return job;
    };
    // team 1's first videos are under way when team 2 asks for one
    await next();
    await next();
    const single = await enqueueJob(database.db, 'send-email', mail(2000), { fairKey: 'team:2' });
    while (await next());
    expect(taken).toHaveLength(51);
    const position = taken.indexOf(single);
    // started before team 1's tenth video (in fact right after the ones already under way)
    expect(position).toBeLessThan(9);
    expect(position).toBe(2);
    // team 1's own jobs keep their order
    expect(taken.filter((id) => id !== single)).toEqual(bulk);
  });

  it('two teams with bulks alternate, and a job without a team (an email) goes first', async () => {
    const a: string[] = [];
    const b: string[] = [];
    for (let i = 0; i < 3; i++) a.push(await enqueueJob(database.db, 'send-email', mail(3000 + i), { fairKey: 'team:3' }));
    for (let i = 0; i < 3; i++) b.push(await enqueueJob(database.db, 'send-email', mail(4000 + i), { fairKey: 'team:4' }));
    const email = await enqueueJob(database.db, 'send-email', mail(5000));
    const taken: string[] = [];
    for (let job = await claimJob(database.db, ['send-email']); job; job = await claimJob(database.db, ['send-email'])) {
      taken.push(job.id);
      await completeJob(database.db, job);
    }
    expect(taken).toEqual([email, a[0], b[0], a[1], b[1], a[2], b[2]]);
  });

  it("does not count a team's jobs cancelled before they started as turns it took", async () => {
    const a: string[] = [];
    for (let i = 0; i < 5; i++) a.push(await enqueueJob(database.db, 'send-email', mail(7000 + i), { fairKey: 'team:5' }));
    for (const id of a.slice(0, 3)) await cancelQueuedJob(database.db, id);
    const b = await enqueueJob(database.db, 'send-email', mail(7100), { fairKey: 'team:6' });
    const taken: string[] = [];
    for (let job = await claimJob(database.db, ['send-email']); job; job = await claimJob(database.db, ['send-email'])) {
      taken.push(job.id);
      await completeJob(database.db, job);
    }
    // team 5's first job still waiting has its first turn, and came first
    expect(taken).toEqual([a[3], b, a[4]]);
  });

  it('prunes ended jobs (completed, failed, cancelled) past their retention, never queued or running ones', async () => {
    const old = await enqueueJob(database.db, 'send-email', mail(6000));
    const oldFailed = await enqueueJob(database.db, 'send-email', mail(6001));
    const recent = await enqueueJob(database.db, 'send-email', mail(6002));
    const waiting = await enqueueJob(database.db, 'send-email', mail(6003));
    const oldCancelled = await enqueueJob(database.db, 'send-email', mail(6004));
    const longAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    await database.db.update(jobs).set({ status: 'cancelled', updatedAt: longAgo }).where(eq(jobs.id, oldCancelled));
    await database.db.update(jobs).set({ status: 'completed', updatedAt: longAgo }).where(eq(jobs.id, old));
    await database.db.update(jobs).set({ status: 'failed', updatedAt: longAgo }).where(eq(jobs.id, oldFailed));
    await database.db.update(jobs).set({ status: 'completed' }).where(eq(jobs.id, recent));
    await database.db.update(jobs).set({ updatedAt: longAgo }).where(eq(jobs.id, waiting));
    expect(await pruneJobs(database.db, new Date(Date.now() - 7 * 24 * 3600 * 1000))).toBe(3);
    const left = new Set((await database.db.select({ id: jobs.id }).from(jobs)).map((r) => r.id));
    expect([old, oldFailed, oldCancelled].filter((id) => left.has(id))).toEqual([]);
    expect(left.has(recent) && left.has(waiting)).toBe(true);
    await database.db.delete(jobs).where(eq(jobs.id, waiting));
  });
});
