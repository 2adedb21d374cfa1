import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '@hookwall/db';
import { enqueueJob } from '@hookwall/jobs';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const email = { to: 'x@example.com', subject: 's', text: 't' };

describe('GET /api/health/', () => {
  it('reports the database, the queue (0 s of waiting when empty) and the billing mode', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health/' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      status: 'ok',
      database: { status: 'ok', kind: t.database.kind, latency_ms: expect.any(Number) },
      queue: { status: 'ok', queued: 0, active: 0, failed: 0, oldest_queued_age_seconds: 0 },
      // the tests run without Stripe keys: the local test checkout
      billing: { mode: 'local' },
    });
  });

  it("counts the queue's jobs by state and reports how long the oldest due job has waited", async () => {
    const waiting = await enqueueJob(t.deps.db, 'send-email', email);
    await enqueueJob(t.deps.db, 'send-email', email);
    // scheduled for later: queued, but nobody is late for it
    await enqueueJob(t.deps.db, 'send-email', email, { runAt: new Date(Date.now() + 3600_000) });
    const running = await enqueueJob(t.deps.db, 'send-email', email);
    await t.deps.db.update(jobs).set({ status: 'active', lockedUntil: sql`now() + interval '30 seconds'` }).where(eq(jobs.id, running));
    await t.deps.db.update(jobs).set({ runAt: sql`now() - interval '12.5 seconds'` }).where(eq(jobs.id, waiting));

    const { queue } = (await t.app.inject({ method: 'GET', url: '/api/health/' })).json();
    expect(queue).toMatchObject({ status: 'ok', queued: 3, active: 1, failed: 0 });
    expect(queue.oldest_queued_age_seconds).toBeGreaterThanOrEqual(12.5);
    expect(queue.oldest_queued_age_seconds).toBeLessThan(60);
  });

  it('answers 503 with the same shape when the queue cannot be read', async () => {
    const broken = await createTestApp();
    try {
      await broken.deps.db.execute(sql`ALTER TABLE jobs RENAME TO jobs_gone`);
      const res = await broken.app.inject({ method: 'GET', url: '/api/health/' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ status: 'error', database: { status: 'error', kind: broken.database.kind }, queue: { status: 'unknown' }, billing: { mode: 'local' } });
    } finally {
      await broken.close();
    }
  });
});
