import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, renderJobs, type RenderEngine, type RenderJobStatus } from '@hookwall/db';
import { enqueueJob } from '@hookwall/jobs';
import { createTestApp, userWithTeam, type TestApp } from '../../test/harness.ts';
import { metricsAccess } from './metrics.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const scrape = async (app = t) => {
  const res = await app.app.inject({ method: 'GET', url: '/metrics' });
  expect(res.statusCode).toBe(200);
  return res.body;
};
/** the value of one sample line, `name{labels} value` */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};
const email = { to: 'x@example.com', subject: 's', text: 't' };

describe('GET /metrics', () => {
  it('counts open jobs by name and state from the jobs table, zeros included', async () => {
    await enqueueJob(t.deps.db, 'send-email', email);
    await enqueueJob(t.deps.db, 'send-email', email);
    const failed = await enqueueJob(t.deps.db, 'send-email', email);
    await t.deps.db.update(jobs).set({ status: 'failed' }).where(eq(jobs.id, failed));
    const done = await enqueueJob(t.deps.db, 'send-email', email);
    await t.deps.db.update(jobs).set({ status: 'completed' }).where(eq(jobs.id, done));
    await t.deps.db.update(jobs).set({ runAt: sql`now() - interval '30 seconds'` }).where(eq(jobs.status, 'queued'));

    const text = await scrape();
    expect(sample(text, 'hookwall_jobs{name="send-email",state="queued"}')).toBe(2);
    expect(sample(text, 'hookwall_jobs{name="send-email",state="active"}')).toBe(0);
    expect(sample(text, 'hookwall_jobs{name="send-email",state="failed"}')).toBe(1);
    expect(sample(text, 'hookwall_jobs{name="render-video",state="queued"}')).toBe(0);
    expect(text).not.toContain('state="completed"');
    expect(sample(text, 'hookwall_jobs_oldest_queued_age_seconds')).toBeGreaterThanOrEqual(30);
    expect(sample(text, 'hookwall_metrics_database_up')).toBe(1);
  });

  it('times requests by method, route pattern and status code, never by raw URL', async () => {
    const id = randomUUID();
    await t.app.inject({ method: 'GET', url: `/api/text-wall-videos/${id}/` });
    await t.app.inject({ method: 'GET', url: `/api/nothing-here/${id}/` });
    const text = await scrape();
    expect(text).toContain('# TYPE hookwall_http_request_duration_seconds histogram');
    expect(sample(text, 'hookwall_http_request_duration_seconds_count{method="GET",route="/api/text-wall-videos/:id/",status_code="401"}')).toBe(1);
    expect(sample(text, 'hookwall_http_request_duration_seconds_bucket{le="+Inf",method="GET",route="/api/text-wall-videos/:id/",status_code="401"}')).toBe(1);
    expect(sample(text, 'hookwall_http_request_duration_seconds_count{method="GET",route="unmatched",status_code="404"}')).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(id);
    // the process's own metrics come along
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    // every line is a comment or a `name{labels} value` sample (Prometheus reads NaN and Inf in any case; prom-client writes `Nan`)
    for (const line of text.split('\n').filter(Boolean)) {
      expect(line).toMatch(/^(# (HELP|TYPE) [a-zA-Z_:][\w:]* .+|[a-zA-Z_:][\w:]*(\{[a-zA-Z_]\w*="[^"]*"(,[a-zA-Z_]\w*="[^"]*")*\})? [-+]?(\d+(\.\d+)?(e[-+]?\d+)?|nan|inf))$/i);
    }
  });

  it("is a histogram of completed renders' render_ms by engine, read from render_jobs", async () => {
    const { team } = await userWithTeam(t.app, 'Metrics Team');
    const render = (engine: RenderEngine, status: RenderJobStatus, renderMs: number | null) => ({
      id: randomUUID(),
      teamId: team.id,
      compositionId: 'TextWall',
      inputProps: {},
      targetType: 'text_wall_video' as const,
      targetId: randomUUID(),
      status,
      engine,
      renderMs,
    });
    await t.deps.db.insert(renderJobs).values([
      render('fast', 'completed', 4_000),
      render('fast', 'completed', 45_000),
      render('remotion', 'completed', 200_000),
      render('remotion', 'failed', 1_000),
      render('fast', 'rendering', null),
    ]);
    const text = await scrape();
    expect(text).toContain('# TYPE hookwall_render_duration_seconds histogram');
    const bucket = (engine: string, le: string) => sample(text, `hookwall_render_duration_seconds_bucket{engine="${engine}",le="${le}"}`);
    expect([bucket('fast', '5'), bucket('fast', '30'), bucket('fast', '60'), bucket('fast', '+Inf')]).toEqual([1, 1, 2, 2]);
    expect([bucket('remotion', '120'), bucket('remotion', '300'), bucket('remotion', '+Inf')]).toEqual([0, 1, 1]);
    expect(sample(text, 'hookwall_render_duration_seconds_sum{engine="fast"}')).toBe(49);
    expect(sample(text, 'hookwall_render_duration_seconds_count{engine="fast"}')).toBe(2);
    expect(sample(text, 'hookwall_render_duration_seconds_count{engine="remotion"}')).toBe(1);
  });

  it('still answers when the database does not, without the database metrics', async () => {
    await t.deps.db.execute(sql`ALTER TABLE jobs RENAME TO jobs_away`);
    try {
      const text = await scrape();
      expect(sample(text, 'hookwall_metrics_database_up')).toBe(0);
      expect(text).not.toMatch(/^hookwall_jobs\{/m);
      expect(text).toContain('hookwall_http_request_duration_seconds_bucket');
    } finally {
      await t.deps.db.execute(sql`ALTER TABLE jobs_away RENAME TO jobs`);
    }
  });

  it('by default answers loopback connections only, and none relayed by a proxy', async () => {
    expect((await t.app.inject({ url: '/metrics', remoteAddress: '::1' })).statusCode).toBe(200);
    const remote = await t.app.inject({ url: '/metrics', remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(403);
    expect(remote.json().code).toBe('permission_denied');
    expect((await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '203.0.113.9' } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/metrics' })).statusCode).toBe(404);
  });
});

describe('who may read /metrics', () => {
  const local = { remoteAddress: '127.0.0.1', headers: {} };
  const remote = { remoteAddress: '198.51.100.4', headers: {} };
  const token = 'a-long-metrics-token-0123456789';

  it('follows METRICS_TOKEN, then METRICS_ENABLED, then loopback', () => {
    const none = { METRICS_ENABLED: false, METRICS_TOKEN: undefined };
    expect(metricsAccess(none, local)).toBe('allowed');
    expect(metricsAccess(none, { remoteAddress: '::ffff:127.0.0.1', headers: {} })).toBe('allowed');
    expect(metricsAccess(none, remote)).toBe('forbidden');
    expect(metricsAccess(none, { remoteAddress: '127.0.0.1', headers: { forwarded: 'for=198.51.100.4' } })).toBe('forbidden');
    expect(metricsAccess({ METRICS_ENABLED: true, METRICS_TOKEN: undefined }, remote)).toBe('allowed');
    const withToken = { METRICS_ENABLED: true, METRICS_TOKEN: token };
    expect(metricsAccess(withToken, local)).toBe('unauthorized');
    expect(metricsAccess(withToken, { ...remote, headers: { authorization: `Bearer ${token}x` } })).toBe('unauthorized');
    expect(metricsAccess(withToken, { ...remote, headers: { authorization: `Bearer ${token}` } })).toBe('allowed');
  });

  it('with METRICS_TOKEN, asks every caller for it as a bearer token', async () => {
    const guarded = await createTestApp({ METRICS_TOKEN: token });
    try {
      const missing = await guarded.app.inject({ url: '/metrics' });
      expect(missing.statusCode).toBe(401);
      expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"');
      const ok = await guarded.app.inject({ url: '/metrics', remoteAddress: '198.51.100.4', headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    } finally {
      await guarded.close();
    }
  });
});
