import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '@hookwall/config';
import { createTestApp, type TestApp } from '../test/harness.ts';

/** Keeps the event loop busy, as a flood of requests or a stuck computation would. */
const blockFor = (ms: number) => {
  const end = Date.now() + ms;
  while (Date.now() < end);
};

describe('under overload', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: 200, OVERLOAD_RETRY_AFTER_SECONDS: 7 });
  });
  afterAll(() => t?.close());

  it('answers 503 with Retry-After at once, but still answers health and metrics', async () => {
    // the start itself (migrations on a busy machine) can lag the loop past the tight limit set here
    await expect.poll(() => t.app.isUnderPressure(), { timeout: 10_000, interval: 100 }).toBe(false);
    expect((await t.app.inject({ url: '/api/auth/user/' })).statusCode).toBe(401);
    // the plugin samples the loop every second: a block longer than that fills a whole sample
    for (let i = 0; i < 5 && !t.app.isUnderPressure(); i++) {
      blockFor(1100);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(t.app.isUnderPressure()).toBe(true);

    const shed = await t.app.inject({ url: '/api/auth/user/', headers: { 'x-request-id': 'shed-1' } });
    expect(shed.statusCode).toBe(503);
    expect(shed.headers['retry-after']).toBe('7');
    expect(shed.json()).toEqual({ detail: 'The server is busy. Please try again in a moment.', code: 'service_unavailable' });
    expect(shed.headers['x-request-id']).toBe('shed-1');
    expect(shed.headers['x-content-type-options']).toBe('nosniff');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/login/', payload: { email: 'a@example.com', password: 'x' } })).statusCode).toBe(503);

    expect((await t.app.inject({ url: '/api/health/' })).statusCode).toBe(200);
    const metrics = await t.app.inject({ url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    // the shed requests are counted under their route
    expect(metrics.body).toMatch(/hookwall_http_request_duration_seconds_count\{method="GET",route="\/api\/auth\/user\/",status_code="503"\} 1/);
  });

  it('lets requests through again once the loop has caught up', async () => {
    await expect.poll(() => t.app.isUnderPressure(), { timeout: 5000, interval: 100 }).toBe(false);
    expect((await t.app.inject({ url: '/api/auth/user/' })).statusCode).toBe(401);
  });
});

describe('the defaults', () => {
  it('watch the event loop delay (a mean of 1 s, which only a stuck process reaches) and nothing else', () => {
    expect(parseEnv({})).toMatchObject({
      OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: 1000,
      OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: 0,
      OVERLOAD_MAX_HEAP_USED_BYTES: 0,
      OVERLOAD_RETRY_AFTER_SECONDS: 10,
    });
  });
});
