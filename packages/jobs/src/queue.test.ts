import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@hookwall/config';
import { createDatabase, jobs, type Database } from '@hookwall/db';
import { claimJob, completeJob, enqueueJob, failJob } from './queue.ts';

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
});
