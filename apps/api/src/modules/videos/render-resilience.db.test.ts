import { existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { eq, sql } from 'drizzle-orm';
import { jobs, renderJobs } from '@hookwall/db';
import { claimJob } from '@hookwall/jobs';
import { leftoverProcesses, subscribeTeam, tinyRenderingWorker, uploadClip, waitFor } from './videos.test-helpers.ts';

vi.setConfig({ testTimeout: 180_000 });

/**
 * A render handed back by a stopping worker, and the same job run twice, on the test engine (tiny
 * real MP4s): each frame takes PACE ms, as a real render's do, so the stop and the second run
 * come while the first run is rendering. The real engine's cancel is in render-resilience.render.test.ts.
 */
const PACE = { msPerFrame: 10 };

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


describe('graceful stop', () => {
  it('hands a running render back to the queue when the grace period runs out; another worker renders it, and nothing of the first is left', async () => {
    const stopping = tinyRenderingWorker(t, PACE);
    const bg = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 1 });
    const video = (
      await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Handed back', background_video_id: bg.id, duration_seconds: 30 } })
    ).json();
    let closed = false;
    try {
      const draining = stopping.worker.drain();
      await waitFor('render started', () => renderJob(video.render_job_id), (j) => j.status === 'rendering', 60_000);
      // SIGTERM with no time to finish: the render is stopped and handed back, not failed
      await stopping.worker.stop({ graceMs: 0 });
      await draining;
      expect(await renderJob(video.render_job_id)).toMatchObject({ status: 'queued', progress: 0, error: null });
      const [queued] = await t.deps.db.select().from(jobs).where(sql`${jobs.payload}->>'render_job_id' = ${video.render_job_id}`);
      // back in the queue at once, the interrupted attempt not counted against the job
      expect(queued).toMatchObject({ status: 'queued', attempts: 0, lockedUntil: null, lastError: null });
      expect(queued!.runAt.getTime()).toBeLessThanOrEqual(Date.now());
      await stopping.render.close();
      closed = true;
      expect(leftoverProcesses()).toEqual([]);
      expect(readdirSync(tmpdir()).filter((n) => n.startsWith(`hookwall-render-${video.render_job_id}`))).toEqual([]);
    } finally {
      if (!closed) await stopping.close();
    }
    const other = tinyRenderingWorker(t);
    try {
      await other.worker.drain();
    } finally {
      await other.close();
    }
    expect(await renderJob(video.render_job_id)).toMatchObject({ status: 'completed', attempts: 1, error: null });
  });
});

describe('the same job delivered twice', () => {
  it('renders one video: the later run takes the render over, the earlier stops and leaves nothing of its own', async () => {
    // two workers (a process renders one video at a time: the same delivery twice would just wait)
    const rendering = tinyRenderingWorker(t, PACE);
    const other = tinyRenderingWorker(t, PACE);
    try {
      const bg = await uploadClip(t.app, admin, team.slug, 'background', {
        seconds: 1,
      });
      const video = (
        await api({
          method: 'POST',
          url: '/api/text-wall-videos/',
          payload: {
            text: 'Twice delivered',
            background_video_id: bg.id,
            duration_seconds: 5,
          },
        })
      ).json();
      const job = await claimJob(t.deps.db, ['render-video']);
      expect(job).not.toBeNull();
      // the lease ran out under a stalled worker, and another took the same job: both run it
      const first = rendering.render.handle(job!.payload, job!);
      await waitFor(
        'first run renders',
        () => renderJob(video.render_job_id),
        (j) => j.status === 'rendering',
        60_000,
      );
      await new Promise((r) => setTimeout(r, 300));
      const second = other.render.handle(job!.payload, {
        ...job!,
        attempts: job!.attempts + 1,
      });
      await Promise.all([first, second]);
      const done = await renderJob(video.render_job_id);
      expect(done).toMatchObject({
        status: 'completed',
        attempts: 2,
        error: null,
      });
      // one MP4 and one thumbnail are stored for it, and they are the ones the job names
      const stored = filesUnder(t.dataDir).filter((f) => f.includes(video.render_job_id) && !f.endsWith('.meta.json'));
      expect(stored, stored.join(', ')).toHaveLength(2);
      const [row] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, video.render_job_id));
      expect(stored.some((f) => f.endsWith(row!.outputKey!))).toBe(true);
      expect(stored.some((f) => f.endsWith(row!.thumbnailKey!))).toBe(true);
    } finally {
      await rendering.close();
      await other.close();
    }
  });
});
