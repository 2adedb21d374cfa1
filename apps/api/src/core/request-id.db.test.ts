import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** The app's JSON log lines, captured from a real logger. */
let lines: Record<string, unknown>[] = [];
let t: TestApp;
beforeAll(async () => {
  // a synchronous sink: each line is in `lines` as soon as the logger wrote it
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: stream });
});
afterAll(() => t.close());

const linesOf = (id: string) => lines.filter((l) => l.reqId === id);

describe('request ids', () => {
  it("keep a sane X-Request-Id, echo it, and put it on every log line of the request", async () => {
    lines = [];
    const id = 'lb-7f3a.2026_01-01';
    const res = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    const own = linesOf(id);
    expect(own.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    // every line the request wrote is tagged: none without a reqId
    expect(lines.filter((l) => l.req || l.res).every((l) => l.reqId === id)).toBe(true);
  });

  it.each([
    ['too long', 'a'.repeat(129)],
    ['spaces and quotes', 'x" injected="1'],
    ['a slash', '../etc'],
    ['empty', ''],
  ])('replace an X-Request-Id that is %s with a new UUID', async (_what, given) => {
    lines = [];
    const res = await t.app.inject({ method: 'GET', url: '/api/health/', headers: { 'x-request-id': given } });
    const id = res.headers['x-request-id'] as string;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(linesOf(id).length).toBeGreaterThanOrEqual(2);
    expect(lines.some((l) => l.reqId === given)).toBe(false);
  });

  it('accept 128 characters, and make a new id for each request that brings none', async () => {
    const long = 'A'.repeat(128);
    expect((await t.app.inject({ url: '/api/health/', headers: { 'x-request-id': long } })).headers['x-request-id']).toBe(long);
    const a = (await t.app.inject({ url: '/api/health/' })).headers['x-request-id'];
    const b = (await t.app.inject({ url: '/api/health/' })).headers['x-request-id'];
    expect(a).not.toBe(b);
  });

  it("tag a handler's own log lines (and an error's) with the request id", async () => {
    lines = [];
    await t.deps.db.execute(sql`ALTER TABLE jobs RENAME TO jobs_away`);
    try {
      const res = await t.app.inject({ url: '/api/health/', headers: { 'x-request-id': 'health-probe-1' } });
      expect(res.statusCode).toBe(503);
      expect(linesOf('health-probe-1').map((l) => l.msg)).toContain('health check failed');
    } finally {
      await t.deps.db.execute(sql`ALTER TABLE jobs_away RENAME TO jobs`);
    }
  });
});
