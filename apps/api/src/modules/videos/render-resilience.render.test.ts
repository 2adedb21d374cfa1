import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { sql } from 'drizzle-orm';
import { jobs } from '@hookwall/db';
import { leftoverProcesses, renderingWorker, subscribeTeam, waitFor } from './videos.test-helpers.ts';

vi.setConfig({ testTimeout: 420_000 });

/**
 * A cancel of a real full render (Chromium's tabs and Remotion's ffmpeg) ends it part way and
 * leaves no file and no process. The handing back, the takeover and their bookkeeping are in
 * render-resilience.db.test.ts, on the test engine.
 */
let t: TestApp;
let admin: TestUser;
let team: { slug: string };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Resilient'));
  await subscribeTeam(t.app, admin, team.slug);
}, 120_000);
afterAll(async () => t?.close());

async function renderJob(id: string) {
  return (await api({ method: 'GET', url: `/api/remotion-render-jobs/${id}/` })).json() as {
    status: string;
    progress: number;
    attempts: number;
    error: string | null;
    output_url: string | null;
  };
}


/** Every file under a directory (the local storage). */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('cancel', () => {
  it('stops a running render, which leaves no file behind', async () => {
    const rendering = await renderingWorker(t, 0.1);
    try {
      const video = (
        await api({
          method: 'POST',
          url: '/api/text-wall-videos/',
          payload: { text: 'A long one', duration_seconds: 60 },
        })
      ).json();
      const draining = rendering.worker.drain();
      await waitFor(
        'render started',
        () => renderJob(video.render_job_id),
        (j) => j.status === 'rendering' && j.progress > 0,
        120_000,
      );
      const cancelled = await api({
        method: 'POST',
        url: `/api/remotion-render-jobs/${video.render_job_id}/cancel/`,
        payload: {},
      });
      expect(cancelled.statusCode).toBe(200);
      await draining;
      const job = await renderJob(video.render_job_id);
      expect(job).toMatchObject({ status: 'cancelled', output_url: null });
      // 60 s of video were not rendered: it stopped part way
      expect(job.progress).toBeLessThan(0.9);
      // the queue's job says so too: a cancel is not a completion
      const queued = await t.deps.db
        .select({ status: jobs.status })
        .from(jobs)
        .where(sql`${jobs.name} = 'render-video' AND ${jobs.payload}->>'render_job_id' = ${video.render_job_id}`);
      expect(queued).toEqual([{ status: 'cancelled' }]);
      expect(filesUnder(t.dataDir).filter((f) => f.includes(video.render_job_id))).toEqual([]);
      expect(readdirSync(tmpdir()).filter((n) => n.startsWith(`hookwall-render-${video.render_job_id}`))).toEqual([]);
    } finally {
      await rendering.close();
    }
    expect(leftoverProcesses()).toEqual([]);
  });
});
