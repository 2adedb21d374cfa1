import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '@hookwall/config';
import { jobs, type Database } from '@hookwall/db';
import { createTestDatabase, type TestDatabase } from '@hookwall/db/testing';
import { enqueueJobs } from './enqueue-many.ts';
import { jobsChannel } from './channel.ts';
import { claimJob, completeJob, enqueueJob } from './queue.ts';

let database: Database;
let test: TestDatabase;
beforeAll(async () => {
  const config = loadConfig(process.env, { DATA_DIR: '/tmp/hookwall-enqueue-many-test' });
  test = await createTestDatabase({ databaseUrl: config.DATABASE_URL, template: inject('databaseTemplate') });
  database = test.database;
});
afterAll(() => test.drop());

describe('enqueueJobs', () => {
  it('adds the rows enqueueJob would add, in order, with one NOTIFY, atomically with its transaction', async () => {
    let notified = 0;
    const unlisten = await database.listen(jobsChannel(database.schemaName), () => notified++);
    const payloads = Array.from({ length: 5 }, () => ({ render_job_id: randomUUID() }));
    const runAt = new Date(Date.now() - 1000);
    const ids = await database.db.transaction((tx) => enqueueJobs(tx, 'render-video', payloads, { maxAttempts: 3, fairKey: 'team:7', runAt }));
    const single = await enqueueJob(database.db, 'render-video', { render_job_id: randomUUID() }, { maxAttempts: 3, fairKey: 'team:7', runAt });

    const rows = await database.db.select().from(jobs).where(inArray(jobs.id, [...ids, single]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const shape = (id: string) => {
      const { id: _id, payload: _payload, seq: _seq, createdAt: _created, updatedAt: _updated, ...rest } = byId.get(id)!;
      return rest;
    };
    for (const id of ids) expect(shape(id)).toEqual(shape(single));
    expect(ids.map((id) => byId.get(id)!.payload)).toEqual(payloads);
    expect(byId.get(ids[0]!)!.runAt.getTime()).toBe(runAt.getTime());
    // their seq follows the order given, so they are claimed in it
    const seqs = ids.map((id) => byId.get(id)!.seq);
    expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);
    const claimed: string[] = [];
    for (let i = 0; i < 5; i++) {
      const job = await claimJob(database.db, ['render-video']);
      claimed.push(job!.id);
      await completeJob(database.db, job!);
    }
    expect(claimed).toEqual(ids);

    // a rolled back transaction leaves none
    const rolledBack = await database.db
      .transaction(async (tx) => {
        const made = await enqueueJobs(tx, 'render-video', payloads, { fairKey: 'team:7' });
        throw Object.assign(new Error('rollback'), { made });
      })
      .catch((error: { made: string[] }) => error.made);
    expect(await database.db.select().from(jobs).where(inArray(jobs.id, rolledBack))).toEqual([]);
    expect(await enqueueJobs(database.db, 'render-video', [])).toEqual([]);

    // the bulk's one NOTIFY and the single one's
    const deadline = Date.now() + 5000;
    while (notified < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    await unlisten();
    expect(notified).toBe(2);
  });

  it('refuses a payload its job does not take, before anything is written', async () => {
    const before = await database.db.select({ id: jobs.id }).from(jobs);
    await expect(enqueueJobs(database.db, 'render-video', [{ render_job_id: randomUUID() }, { render_job_id: 'not a uuid' }])).rejects.toThrow();
    expect(await database.db.select({ id: jobs.id }).from(jobs)).toHaveLength(before.length);
  });
});
