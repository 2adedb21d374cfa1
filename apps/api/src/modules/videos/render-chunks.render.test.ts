import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { renderChunks } from '@hookwall/db';
import { as, createTestApp, userWithTeam, type TestApp, type TestUser } from '../../test/harness.ts';
import { pathOf } from '../media/media.test-helpers.ts';
import { ffprobe, leftoverProcesses, mp4Tags, renderingWorker, subscribeTeam, uploadClip } from './videos.test-helpers.ts';
import { mediaToolsFrom } from '@hookwall/binaries';

const { ffmpeg, ffprobe: ffprobeBin } = mediaToolsFrom(process.env);

vi.setConfig({ testTimeout: 420_000 });

let t: TestApp;
let admin: TestUser;
let team: { slug: string };
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, admin)({ ...o, headers: { 'x-team-slug': team.slug } });

beforeAll(async () => {
  t = await createTestApp();
  ({ user: admin, team } = await userWithTeam(t.app, 'Chunky'));
  await subscribeTeam(t.app, admin, team.slug);
}, 120_000);
afterAll(async () => t?.close());

async function renderJob(id: string) {
  return (await api({ method: 'GET', url: `/api/remotion-render-jobs/${id}/` })).json() as { status: string; engine: string; attempts: number; error: string | null; output_url: string | null };
}

async function download(url: string, name: string): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: pathOf(url) });
  expect(res.statusCode).toBe(200);
  const file = join(t.dataDir, name);
  writeFileSync(file, res.rawPayload);
  return file;
}

function psnr(a: string, b: string): number {
  const out = spawnSync(ffmpeg, ['-hide_banner', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'], { encoding: 'utf8' });
  const match = /average:([\d.]+|inf)/.exec(out.stderr);
  if (!match) throw new Error(`no PSNR in: ${out.stderr.slice(-500)}`);
  return match[1] === 'inf' ? Infinity : Number(match[1]);
}

function audioSeconds(file: string): number {
  const out = execFileSync(ffprobeBin, ['-v', 'error', '-select_streams', 'a', '-show_entries', 'stream=duration', '-of', 'csv=p=0', file], { encoding: 'utf8' }).trim();
  return Number(out);
}

/** A small clip with a steady tone. */
function toneClip(seconds: number, hz: number): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'hookwall-tone-'));
  try {
    const file = join(dir, 'tone.mp4');
    execFileSync(ffmpeg, [
      '-v', 'error', '-f', 'lavfi', '-i', `testsrc2=s=64x112:r=30:d=${seconds}`, '-f', 'lavfi', '-i', `sine=f=${hz}:d=${seconds}`,
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const tempDirsOf = (id: string) => readdirSync(tmpdir()).filter((n) => n.startsWith(`hookwall-render-${id}`));

const partFiles = () => (existsSync(t.dataDir) ? readdirSync(t.dataDir, { recursive: true }).map(String).filter((f) => f.includes('.part-')) : []);
const chunksOf = (id: string) => t.deps.db.select().from(renderChunks).where(eq(renderChunks.renderJobId, id)).orderBy(renderChunks.index);

describe('chunked renders', () => {
  it('a text wall split in chunks and joined matches the same video rendered in one piece', async () => {
    const bg = await uploadClip(t.app, admin, team.slug, 'background', { seconds: 2 });
    const props = { text: 'In three parts ✂️ ثلاثة', background_video_id: bg.id, duration_seconds: 5, style: { preset: 'neon' } };
    const first = await api({ method: 'POST', url: '/api/text-wall-videos/', payload: props });
    expect(first.statusCode, first.body).toBe(201);
    const whole = first.json();
    const oneWorker = await renderingWorker(t, 0.2);
    try {
      await oneWorker.worker.drain();
    } finally {
      await oneWorker.close();
    }
    const split = (await api({ method: 'POST', url: '/api/text-wall-videos/', payload: props })).json();
    const chunking = await renderingWorker(t, 0.2, { chunkSeconds: 2 });
    try {
      await chunking.worker.drain();
    } finally {
      await chunking.close();
    }
    const [a, b] = [await renderJob(whole.render_job_id), await renderJob(split.render_job_id)];
    expect(a).toMatchObject({ status: 'completed', engine: 'fast' });
    expect(b).toMatchObject({ status: 'completed', engine: 'fast', attempts: 1, error: null });
    // 5 s at 30 fps in chunks of at most 60 frames: 3 of 50
    const chunks = await chunksOf(split.render_job_id);
    expect(chunks.map((c) => [c.index, c.frameStart, c.frameEnd, c.status])).toEqual([
      [0, 0, 49, 'done'],
      [1, 50, 99, 'done'],
      [2, 100, 149, 'done'],
    ]);
    const fileA = await download(a.output_url!, 'whole.mp4');
    const fileB = await download(b.output_url!, 'split.mp4');
    // the joined MP4, tagged with the video's ad code (every path, on the test engine: ad-codes.db.test.ts)
    expect(mp4Tags(fileB)).toMatchObject({ title: split.ad_code, comment: `Hookwall ad code ${split.ad_code}` });
    const probed = ffprobe(fileB);
    expect(probed.stream).toMatchObject({ codec_name: 'h264', pix_fmt: 'yuv420p', nb_read_frames: '150' });
    expect(Math.abs(probed.duration - 5)).toBeLessThanOrEqual(1 / 30 + 1e-6);
    expect(psnr(fileA, fileB)).toBeGreaterThanOrEqual(35);
    // the parts are gone once the video is stored, and so are the worker's files and processes
    expect(partFiles()).toEqual([]);
    expect(tempDirsOf(split.render_job_id)).toEqual([]);
    expect(leftoverProcesses()).toEqual([]);
  });

  it('a hook + demo composite keeps its sound across the joins: the very sound of the video rendered in one piece', async () => {
    const hook = await uploadClip(t.app, admin, team.slug, 'brand', { bytes: toneClip(1.5, 300), title: 'Hook', clipKind: 'hook' });
    const demo = await uploadClip(t.app, admin, team.slug, 'brand', { bytes: toneClip(2, 400), title: 'Demo', clipKind: 'product_demo' });
    const make = async () => {
      const created = await api({ method: 'POST', url: '/api/composite-videos/bulk_create_hook_product_demo/', payload: { hook_video_ids: [hook.id], product_demo_video_ids: [demo.id], product_name: 'Glow' } });
      expect(created.statusCode, created.body).toBe(202);
      return (await api({ method: 'GET', url: `/api/composite-videos/${created.json().video_ids[0]}/` })).json() as { render_job_id: string };
    };
    const renderAll = async (chunkSeconds?: number) => {
      const worker = await renderingWorker(t, 0.2, { chunkSeconds });
      try {
        await worker.worker.drain();
      } finally {
        await worker.close();
      }
    };
    const video = await make();
    await renderAll(1);
    const job = await renderJob(video.render_job_id);
    expect(job, JSON.stringify(job)).toMatchObject({ status: 'completed', error: null });
    expect((await chunksOf(video.render_job_id)).length).toBeGreaterThan(2);
    const file = await download(job.output_url!, 'composite.mp4');
    const { duration } = ffprobe(file);
    expect(Math.abs(audioSeconds(file) - duration), `sound ${audioSeconds(file)} s, video ${duration} s`).toBeLessThan(1 / 30);
    // the same video in one piece: its sound, decoded, is the joined video's sample for sample (the
    // sound is made whole rather than joined from the parts, whose AAC start-up delay and padding
    // left a dip of up to 20 ms at every join)
    const whole = await make();
    await renderAll();
    const wholeJob = await renderJob(whole.render_job_id);
    expect(await chunksOf(whole.render_job_id)).toEqual([]);
    const wholeFile = await download(wholeJob.output_url!, 'composite-whole.mp4');
    const pcm = (f: string) => execFileSync(ffmpeg, ['-v', 'error', '-i', f, '-map', '0:a', '-f', 's16le', '-'], { maxBuffer: 1 << 26 });
    expect(pcm(file).length).toBeGreaterThan(48000 * 2 * 2 * 3);
    expect(pcm(file).equals(pcm(wholeFile))).toBe(true);
    expect(psnr(file, wholeFile)).toBeGreaterThanOrEqual(40);
    expect(partFiles()).toEqual([]);
  });
});
