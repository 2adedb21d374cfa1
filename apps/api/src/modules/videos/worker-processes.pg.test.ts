import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs, renderChunks } from '@hookwall/db';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { ffprobe, subscribeTeam, uploadClip, waitFor } from './videos.test-helpers.ts';

/**
 * Render workers as separate processes (`npm run start:worker`) on one PostgreSQL database, with the
 * system's Chromium and ffmpeg when it has them: a long render shared between two, and a worker
 * killed mid-render whose job another takes over. PostgreSQL only: PGlite is one process's.
 */
vi.setConfig({ testTimeout: 420_000 });

const root = join(import.meta.dirname, '../../../../..');
let t: TestApp;
let admin: TestUser;
let team: { slug: string };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Workers'));
  await subscribeTeam(t.app, admin, team.slug);
}, 120_000);
afterAll(async () => t?.close());

async function renderJob(id: string) {
  return (await api({ method: 'GET', url: `/api/remotion-render-jobs/${id}/` })).json() as {
    status: string;
    engine: string;
    progress: number;
    attempts: number;
    error: string | null;
    output_url: string | null;
  };
}


async function download(url: string, name: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
  expect(res.statusCode).toBe(200);
  const file = join(t.dataDir, name);
  writeFileSync(file, res.rawPayload);
  return file;
}

const partFiles = () => (existsSync(t.dataDir) ? readdirSync(t.dataDir, { recursive: true }).map(String).filter((f) => f.includes('.part-')) : []);
const chunksOf = (id: string) => t.deps.db.select().from(renderChunks).where(eq(renderChunks.renderJobId, id)).orderBy(renderChunks.index);

/** A separate worker process, as `npm run start:worker` runs it, on this test's PostgreSQL database. */
function startWorkerProcess(env: Record<string, string>): { child: ChildProcess; ready: Promise<void> } {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/worker/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATA_DIR: t.dataDir,
      DATABASE_URL: t.databaseUrl,
      JWT_SECRET: t.deps.config.JWT_SECRET,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ready = new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('worker started')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it started`)));
  });
  ready.catch(() => undefined);
  return { child, ready };
}

const stopped = (child: ChildProcess) => (child.exitCode === null && child.signalCode === null ? new Promise((r) => child.once('exit', r)) : null);

describe('a long render shared by two worker processes', () => {
  it('each worker renders chunks of the same video, and one joins them', async () => {
    const workers = [0, 1].map(() => startWorkerProcess({ RENDER_SCALE: '0.2', RENDER_CHUNK_SECONDS: '2' }));
    try {
      await Promise.all(workers.map((w) => w.ready));
      const bg = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 2 });
      const video = (await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Shared by two', background_video_id: bg.id, duration_seconds: 8 } })).json();
      const job = await waitFor('shared render', () => renderJob(video.render_job_id), (j) => j.status === 'completed' || j.status === 'failed', 300_000);
      expect(job).toMatchObject({ status: 'completed', engine: 'fast', error: null });
      const chunks = await chunksOf(video.render_job_id);
      expect(chunks).toHaveLength(4);
      expect(chunks.every((c) => c.status === 'done')).toBe(true);
      expect(new Set(chunks.map((c) => c.worker)).size).toBe(2);
      // each chunk was its own job, and of the chunks finishing on two workers exactly one queued the join
      const own = await t.deps.db.select().from(jobs).where(sql`${jobs.payload}->>'render_job_id' = ${video.render_job_id}`);
      expect(own.filter((j) => j.name === 'render-chunk')).toHaveLength(4);
      expect(own.filter((j) => j.name === 'render-join')).toHaveLength(1);
      const file = await download(job.output_url!, 'shared.mp4');
      expect(ffprobe(file).stream.nb_read_frames).toBe('240');
      expect(partFiles()).toEqual([]);
    } finally {
      for (const { child } of workers) child.kill('SIGTERM');
      await Promise.all(workers.map(({ child }) => stopped(child)));
    }
  });
});

describe('a worker killed mid-render', () => {
  it('the render is retried by another worker and completes', async () => {
    const video = (await api({ method: 'POST', url: '/api/text-wall-videos/', payload: { text: 'Survives a crash', duration_seconds: 8 } })).json();
    const first = startWorkerProcess({ RENDER_SCALE: '0.25' });
    try {
      await waitFor('first worker renders', () => renderJob(video.render_job_id), (j) => j.status === 'rendering' && j.progress > 0.05, 180_000);
    } finally {
      first.child.kill('SIGKILL');
    }
    await stopped(first.child);
    // the dead worker's job is still "rendering" until its lease runs out
    expect((await renderJob(video.render_job_id)).status).toBe('rendering');
    const second = startWorkerProcess({ RENDER_SCALE: '0.25' });
    try {
      const done = await waitFor('second worker completes', () => renderJob(video.render_job_id), (j) => j.status === 'completed' || j.status === 'failed', 300_000);
      expect(done).toMatchObject({ status: 'completed', attempts: 2, error: null });
      expect(done.output_url).toBeTruthy();
    } finally {
      second.child.kill('SIGTERM');
      await stopped(second.child);
    }
  });
});
