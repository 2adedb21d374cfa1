import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@hookwall/config';
import { createDatabase, jobs, type Database } from '@hookwall/db';
import { claimJob, completeJob, enqueueJob, failJob, pruneJobs } from './queue.ts';

let database: Database;
let schemaName: string | undefined;
beforeAll(async () => {
  const config = loadConfig(process.env, { DATA_DIR: '/tmp/hookwall-queue-test' });
  schemaName = config.DATABASE_URL ? `test_${randomBytes(6).toString('hex')}` : undefined;
  database = await createDatabase({ databaseUrl: config.DATABASE_URL, schemaName });
  await database.migrate();
});
afterAll(async () => {
  if (schemaName) await database.db.execute(sql.raw(`DROP SCHEMA ${schemaName} CASCADE`));
  await database.close();
});

const mail = (n: number) => ({ to: `u${n}@example.com`, subject: 's', text: 't' });

describe('job queue', () => {
  it('hands each job to exactly one of many concurrent claimers', async () => {
    for (let i = 0; i < 20; i++) await enqueueJob(database.db, 'send-email', mail(i));
    const claims = await Promise.all(Array.from({ length: 40 }, () => claimJob(database.db, ['send-email'])));
    const ids = claims.filter(Boolean).map((c) => c!.id);
    expect(ids).toHaveLength(20);
    expect(new Set(ids).size).toBe(20);
    for (const id of ids) await completeJob(database.db, id);
    expect(await claimJob(database.db, ['send-email'])).toBeNull();
  });

  it('reclaims a job whose worker died (lease expired) and fails it after its last attempt', async () => {
    const id = await enqueueJob(database.db, 'send-email', mail(99), { maxAttempts: 2 });
    const first = await claimJob(database.db, ['send-email'], 60);
    expect(first?.id).toBe(id);
    expect(await claimJob(database.db, ['send-email'])).toBeNull();
    // the worker vanished: its lease runs out
    await database.db.update(jobs).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(jobs.id, id));
    const second = await claimJob(database.db, ['send-email']);
    expect(second).toMatchObject({ id, attempts: 2 });
    expect(await failJob(database.db, second!, new Error('smtp down'))).toBe('failed');
    const [row] = await database.db.select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'failed', lastError: 'smtp down' });
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
        await completeJob(database.db, job.id);
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
      await completeJob(database.db, job.id);
    }
    expect(taken).toEqual([email, a[0], b[0], a[1], b[1], a[2], b[2]]);
  });

  it('prunes ended jobs past their retention, never queued or running ones', async () => {
    const old = await enqueueJob(database.db, 'send-email', mail(6000));
    const oldFailed = await enqueueJob(database.db, 'send-email', mail(6001));
    const recent = await enqueueJob(database.db, 'send-email', mail(6002));
    const waiting = await enqueueJob(database.db, 'send-email', mail(6003));
    const longAgo = new Date(Date.now() - 30 * 24 * 3600 * 1000);
    await database.db.update(jobs).set({ status: 'completed', updatedAt: longAgo }).where(eq(jobs.id, old));
    await database.db.update(jobs).set({ status: 'failed', updatedAt: longAgo }).where(eq(jobs.id, oldFailed));
    await database.db.update(jobs).set({ status: 'completed' }).where(eq(jobs.id, recent));
    await database.db.update(jobs).set({ updatedAt: longAgo }).where(eq(jobs.id, waiting));
    expect(await pruneJobs(database.db, new Date(Date.now() - 7 * 24 * 3600 * 1000))).toBe(2);
    const left = new Set((await database.db.select({ id: jobs.id }).from(jobs)).map((r) => r.id));
    expect([old, oldFailed].filter((id) => left.has(id))).toEqual([]);
    expect(left.has(recent) && left.has(waiting)).toBe(true);
    await database.db.delete(jobs).where(eq(jobs.id, waiting));
  });
});
