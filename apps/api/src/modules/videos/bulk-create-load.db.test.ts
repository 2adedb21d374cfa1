import { eq, count } from 'drizzle-orm';
import { renderJobs } from '@hookwall/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yieldToEventLoop } from '../../core/yield.ts';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { subscribeTeam } from './videos.test-helpers.ts';

/** Bulks of 200 made one after the other while the reads run. */
const BULKS = 3;
const CLIENTS = 4;

let t: TestApp;
let admin: TestUser;
let team: { id: number; slug: string };

beforeAll(async () => {
  t = await createTestApp({
    // overload protection on, and stricter than the production default: a request stuck behind a
    // bulk shows up as a 503 here (before the bulks were batched, bulks and reads beside them were)
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: 200,
    // the bulks queue more renders than the default allows, and no worker takes them here
    TEAM_MAX_OPEN_RENDERS: 0,
    TEAM_MAX_QUEUED_VIDEO_SECONDS: 0,
  });
  // the start (migrations) may leave a busy second behind on a loaded machine: the test begins once it passed
  await untilCalm();
  ({ user: admin, team } = await userWithTeam(t.app, 'Bulk Load'));
  await subscribeTeam(t.app, admin, team.slug);
});
afterAll(async () => t?.close());

/**
 * Waits until the overload protection lets requests through (it samples the event loop each second);
 * past a minute the machine itself is too busy for this test to mean anything, and it says so.
 */
async function untilCalm() {
  const app = t.app as unknown as { isUnderPressure(): boolean; memoryUsage(): { eventLoopDelay: number } };
  const until = Date.now() + 60_000;
  while (app.isUnderPressure()) {
    if (Date.now() > until) throw new Error(`the API stayed under pressure for a minute before the bulks began (event loop delay ${Math.round(app.memoryUsage().eventLoopDelay)} ms)`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('a bulk_create of 200 beside other requests', () => {
  it('sheds none of the requests made while it runs, and answers each', async () => {
    const texts = Array.from({ length: 200 }, (_, i) => `Two hundred walls in one call, number ${i + 1}`);
    // the last bulk is a test matrix of the same size: 50 texts × the gradient × 4 styles
    const matrix = { texts: texts.slice(0, 50), combine: 'matrix', styles: ['bold', 'neon', 'clean', 'boxed'].map((preset) => ({ preset })) };
    const bulk = (isMatrix = false) => as(t.app, admin)({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', headers: { 'x-team-slug': team.slug }, payload: isMatrix ? matrix : { texts } });
    // once before, so that what is measured is not the first call's compiling
    expect((await bulk()).statusCode).toBe(202);
    await untilCalm();

    const reads: { ms: number; status: number; duringBulk: boolean }[] = [];
    let isBulkRunning = false;
    let isDone = false;
    const client = async () => {
      while (!isDone) {
        const duringBulk = isBulkRunning;
        const started = performance.now();
        const res = await as(t.app, admin)({ method: 'GET', url: '/api/auth/user/' });
        reads.push({ ms: performance.now() - started, status: res.statusCode, duringBulk: duringBulk || isBulkRunning });
        await yieldToEventLoop();
      }
    };
    const clients = Array.from({ length: CLIENTS }, client);
    const bulkStatuses: number[] = [];
    for (let i = 0; i < BULKS; i++) {
      isBulkRunning = true;
      bulkStatuses.push((await bulk(i === BULKS - 1)).statusCode);
      isBulkRunning = false;
      await yieldToEventLoop();
    }
    isDone = true;
    await Promise.all(clients);

    const during = reads.filter((r) => r.duringBulk);
    const shed = reads.filter((r) => r.status === 503);
    const worst = Math.round(Math.max(...during.map((r) => r.ms)));
    console.log(`${BULKS} bulk_creates of 200 on ${t.database.kind}: ${during.length} reads while they ran, ${shed.length} shed, the slowest answered in ${worst} ms`);

    expect(bulkStatuses).toEqual(Array(BULKS).fill(202));
    const [made] = await t.deps.db.select({ n: count() }).from(renderJobs).where(eq(renderJobs.teamId, team.id));
    expect(Number(made!.n)).toBe((BULKS + 1) * 200);
    // the reads really ran beside the bulks, and every one was answered, none shed
    expect(during.length).toBeGreaterThanOrEqual(BULKS);
    expect(shed).toEqual([]);
    expect(reads.every((r) => r.status === 200)).toBe(true);
  });
});
