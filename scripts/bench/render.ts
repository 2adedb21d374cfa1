// npm run bench:render: the fast path against a plain Remotion render and against encoding alone,
// side by side in one run on this machine, printed as a table and as JSON.
//   text wall, 10 s 1080x1920 over a looping clip: (a) plain renderMedia, (b) through the product's
//     API end to end (the request, the queue, the worker, the stored video), (c) ffmpeg alone
//     re-encoding the finished video (libx264 veryfast: the encoder's limit);
//   hook + demo composite: (a) and (b), with the very props the API made; and the same with a
//     landscape (16:9) demo placed in `blur` mode (the clip fitted over its blurred copy);
//   a bulk job of BENCH_BULK (default 20) text-wall variants through the API and the queue:
//     first-video latency and throughput against (a);
//   a voiced text wall (BENCH_ONLY=voice runs it alone): 15 s 1080x1920 over the looping clip, an
//     offline voice reading it and `highlight` captions following the words: (a) and (b), then a
//     bulk of BENCH_BULK such videos (first-video latency, throughput against (a));
//   a hook + demo composite with an offline voice-over read over its demo, highlight captions and
//     the demo's sound lowered under it: (a) and (b);
//   a hook + demo composite with a brand kit (logo, uploaded font, end card): (a) and (b);
//   long videos, a 60 s hook + demo composite (fast path) and a 30 s multi text wall (full render):
//     (b) through the API in pieces of the default RENDER_CHUNK_SECONDS (each a job taking its
//     turn, then the join) against (d) the same props rendered in one piece by the same renderer:
//     what splitting a long video costs.
//   the product as a user gets it (scripts/bench/product.ts): `node scripts/start.mjs` on the built
//     dist/, its own data directory and port, its defaults (the in-process worker, the built-in
//     backgrounds made after start), driven through HTTP only (register, verify from the outbox,
//     subscribe, a 10 s text wall over the built-in "Sunset gradient"): BENCH_PRODUCT_WARMUPS
//     (default 2) renders, then BENCH_PRODUCT_RUNS (default 3) whose `render_ms`, read from the API,
//     is set against (a) of this run. It starts at once, as a new install does, so the built-in
//     backgrounds are still being made while it renders (each run says how many were made by then);
// BENCH_ONLY=long runs the long videos alone, BENCH_ONLY=main all but them, BENCH_ONLY=voice the
// voiced text wall alone, BENCH_ONLY=voiceover the composite with a voice-over alone, BENCH_ONLY=kit
// the composite with a brand kit alone, BENCH_ONLY=blur the
// landscape blurred composite alone (with BENCH_SCALE=0.25, a quick check of that row).
// The API and its worker run in this process on PGlite (DATABASE_URL: on PostgreSQL, a fresh
// schema), as `npm start` runs them. Peak memory is the memory of the whole process tree
// (node, Chromium, ffmpeg; proportional set size, so shared pages count once), sampled.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { renderChunks, renderJobs } from '@hookwall/db';
import { jobsChannel } from '@hookwall/jobs';
import { BUILTIN_BACKGROUNDS, generateBackground } from '@hookwall/media';
import { createHandlers, createMailer, createRenderHandler, DEFAULT_CHUNK_SECONDS, startWorker } from '@hookwall/worker';
import { as, createTestApp, userWithTeam } from '../../apps/api/src/test/harness.ts';
import { pathOf } from '../../apps/api/src/modules/media/media.test-helpers.ts';
import { subscribeTeam, uploadClip } from '../../apps/api/src/modules/videos/videos.test-helpers.ts';
import { planRender, type PlanOptions } from '../../apps/worker/src/rendering/plan.ts';
import { resolveMedia } from '../../apps/worker/src/rendering/resolve-media.ts';
import { createRenderer } from '../../apps/worker/src/rendering/renderer.ts';
import { compositionProps, parseRenderRequest } from '@hookwall/video/render-request';
import { ensureVideoBundle } from '../../apps/worker/src/rendering/video-bundle.ts';
import { mediaToolsFrom } from '@hookwall/binaries';
import { builtinBackground, makeWall, newUser, startProduct } from './product.ts';

const { ffmpeg, ffprobe } = mediaToolsFrom(process.env);

const BULK = Number(process.env.BENCH_BULK ?? 20);
const ONLY = process.env.BENCH_ONLY;
// a quick check of the script itself: BENCH_SCALE=0.25 BENCH_BULK=2 (the figures then mean nothing)
const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const dir = mkdtempSync(join(tmpdir(), 'hookwall-bench-'));
/**
 * Memory of this process and all its descendants, in bytes: each process's proportional set size
 * (Pss: a page shared by n processes counts 1/n to each), so Chromium's processes, which share
 * most of their pages, are not counted several times over as a sum of their RSS would.
 */
function treeMemory(): { total: number; children: number } {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  let own = 0;
  const stack = [process.pid];
  while (stack.length) {
    const pid = stack.pop()!;
    try {
      const rollup = readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
      const pss = Number(/^Pss:\s+(\d+) kB/m.exec(rollup)?.[1] ?? 0) * 1024;
      total += pss;
      if (pid === process.pid) own = pss;
    } catch {
      // ended meanwhile
    }
    stack.push(...(children.get(pid) ?? []));
  }
  return { total, children: total - own };
}

/** the product's work (API, queue, worker) and the plain renders it is compared with, apart: the target is the worker's */
let phase: 'product' | 'plain' = 'product';
const peaks = { product: 0, plain: 0, productChildren: 0 };
const sampler = setInterval(() => {
  const memory = treeMemory();
  peaks[phase] = Math.max(peaks[phase], memory.total);
  if (phase === 'product') peaks.productChildren = Math.max(peaks.productChildren, memory.children);
}, 1000);
async function plain<T>(work: () => Promise<T>): Promise<T> {
  phase = 'plain';
  try {
    return await work();
  } finally {
    phase = 'product';
  }
}

function psnr(a: string, b: string): number {
  const out = spawnSync(ffmpeg, ['-hide_banner', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'], { encoding: 'utf8' });
  return Number(/average:([\d.]+)/.exec(out.stderr)?.[1] ?? NaN);
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

async function clip(name: string, background: number, width: number, height: number, seconds: number, withSound = false) {
  let path = join(dir, `${name}.mp4`);
  await generateBackground(BUILTIN_BACKGROUNDS[background]!, path, { width, height, duration: seconds, fps: 30 }, { ffmpegPath: ffmpeg });
  if (withSound) {
    const out = join(dir, `${name}-sound.mp4`);
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', path, '-f', 'lavfi', '-i', `sine=f=330:d=${seconds}`, '-c:v', 'copy', '-c:a', 'aac', '-shortest', out]);
    path = out;
  }
  return path;
}

/** The plan the worker makes of a stored render, its clips, voice, music and brand read from their local files as resolve-media.ts finds them. */
async function planOf(row: { compositionId: string; inputProps: unknown }, options: PlanOptions = {}) {
  const request = parseRenderRequest(row.compositionId, row.inputProps);
  const { sourceOf } = await resolveMedia(request, t.deps.storage, { ffmpegPath: ffmpeg, ffprobePath: ffprobe });
  return planRender(compositionProps(request, sourceOf), options);
}

const wallText = 'Stop scrolling 🛑\nThis changes how you make ads';
const wallStyle = { preset: 'bold', highlightWords: ['ads'] };

/**
 * The product as `npm start` runs it, before anything else of the bench runs (its own API, worker
 * and browser are not started yet, so they take nothing from it).
 */
async function productCase() {
  const warmups = Number(process.env.BENCH_PRODUCT_WARMUPS ?? 2);
  const count = Number(process.env.BENCH_PRODUCT_RUNS ?? 3);
  console.log('the product as `npm start` runs it: starting it on a new data directory…');
  const product = await startProduct();
  try {
    const user = await newUser(product);
    const sunset = await builtinBackground(user, 'Sunset gradient');
    const request = { text: wallText, background_video_id: sunset, duration_seconds: 10, aspect: '9:16', style: wallStyle };
    for (let i = 0; i < warmups; i++) {
      console.log(`the product: warm-up render ${i + 1} of ${warmups}…`);
      await makeWall(user, request, POLL_MS);
    }
    const runs = [];
    for (let i = 0; i < count; i++) {
      console.log(`the product: render ${i + 1} of ${count}…`);
      const backgroundsMadeBefore = product.backgroundsMade();
      const t0 = performance.now();
      const { job } = await makeWall(user, request, POLL_MS);
      runs.push({ renderMs: job.render_ms, apiMs: Math.round(performance.now() - t0), engine: job.engine, backgroundsMadeBefore, backgroundsMadeAfter: product.backgroundsMade() });
    }
    return { readyMs: product.readyMs, warmups, runs };
  } finally {
    await product.stop();
  }
}
/**
 * How often the bench asks whether a video is done (the web app asks every 1.5 s). Every answer of
 * the in-process API below is made by the same process and embedded database that drive the
 * render, so asking every 50 ms slowed the renders it measured.
 */
const POLL_MS = Number(process.env.BENCH_POLL_MS ?? 250);
const productRun = ONLY === 'long' || ONLY === 'blur' || ONLY === 'voice' ? null : await productCase();
// the product ran as a child of this process: its memory is not the in-process worker's
peaks.product = 0;
peaks.productChildren = 0;

console.log('preparing clips, the API, its worker and the bundle…');
// no built-in backgrounds: made at start, they would render beside the first measured video
const t = await createTestApp({ LOG_LEVEL: 'silent', BUILTIN_BACKGROUNDS: false } as never);
const { user, team } = await userWithTeam(t.app, 'Bench');
await subscribeTeam(t.app, user, team.slug);
const api = (o: Parameters<ReturnType<typeof as>>[0]) => as(t.app, user)({ ...o, headers: { 'x-team-slug': team.slug } });
const upload = async (path: string, kind: 'background' | 'brand', title: string, clipKind?: string) =>
  (await uploadClip(t.app, user, team.slug, kind, { bytes: readFileSync(path), title, clipKind })).id;
const backgroundId = await upload(await clip('background', 0, 1080, 1920, 6), 'background', 'Background');
const hookId = await upload(await clip('hook', 3, 1080, 1920, 3, true), 'brand', 'Hook', 'hook');
const demoId = await upload(await clip('demo', 5, 1080, 1920, 6, true), 'brand', 'Demo', 'product_demo');
const landscapeDemoId = await upload(await clip('demo-landscape', 5, 1920, 1080, 6, true), 'brand', 'Landscape demo', 'product_demo');

const renderer = createRenderer({ bundleDir: await ensureVideoBundle(), scale: SCALE, ffmpegPath: ffmpeg, ffprobePath: ffprobe });
// the worker as `npm start` runs it: woken by the queue's notification, the browser kept warm
// the worker's own account of each render (its stages: the browser's overlay, then the compose)
const completed = new Map<string, Record<string, unknown>>();
const log = {
  info: (o: object, m?: string) => {
    if (m === 'render completed') completed.set(String((o as { renderJob: string }).renderJob), o as Record<string, unknown>);
  },
  error: (o: object, m?: string) => console.error(m, o),
};
const render = createRenderHandler({ db: t.deps.db, storage: t.deps.storage, renderer, ffmpeg: { ffmpegPath: ffmpeg, ffprobePath: ffprobe }, chunkSeconds: DEFAULT_CHUNK_SECONDS, log });
await render.warm();
const worker = startWorker({
  db: t.deps.db,
  listen: (onQueued) => t.database.listen(jobsChannel(t.database.schemaName), onQueued),
  handlers: createHandlers({ mailer: createMailer({ from: 'bench@example.com', outboxDir: join(dir, 'outbox') }), render }),
});

const out = (name: string) => join(dir, `${name}.mp4`);

interface RenderStatus {
  status: string;
  output_url: string | null;
  error: string | null;
}
/** Waits for a video's render to end, as the web app does (polling its status), and downloads the stored MP4. */
async function finished(kind: 'text-wall-videos' | 'composite-videos', id: string, name: string): Promise<string> {
  for (;;) {
    const res = await api({ method: 'GET', url: kind === 'text-wall-videos' ? `/api/text-wall-videos/${id}/render_status/` : `/api/composite-videos/${id}/` });
    const body = res.json() as RenderStatus;
    if (body.status === 'failed' || body.status === 'cancelled') throw new Error(`${name}: ${body.status} ${body.error}`);
    if (body.status === 'completed' && body.output_url) {
      const file = await t.app.inject({ method: 'GET', url: pathOf(body.output_url) });
      writeFileSync(out(name), file.rawPayload);
      return out(name);
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

async function renderRow(renderJobId: string) {
  const [row] = await t.deps.db.select().from(renderJobs).where(eq(renderJobs.id, renderJobId));
  if (!row) throw new Error(`no render job ${renderJobId}`);
  return row;
}

/** A hook + demo composite through the API (b), then the same props as a plain Remotion render (a). */
async function compositeCase(label: string, name: string, demo: string, extra: Record<string, unknown> = {}) {
  console.log(`${label}: through the API (b)…`);
  const b = await timed(async () => {
    const created = await api({
      method: 'POST',
      url: '/api/composite-videos/bulk_create_hook_product_demo/',
      payload: { hook_video_ids: [hookId], product_demo_video_ids: [demo], overlay_texts: ['Wait for it 👀'], product_name: 'Glow Serum', caption_text: 'Free for 7 days', ...extra },
    });
    if (created.statusCode !== 202) throw new Error(`composite: ${created.statusCode} ${created.body}`);
    const id = (created.json() as { video_ids: string[] }).video_ids[0]!;
    await finished('composite-videos', id, `${name}-b`);
    return ((await api({ method: 'GET', url: `/api/composite-videos/${id}/` })).json() as { render_job_id: string }).render_job_id;
  });
  const row = await renderRow(b.value);
  console.log(`${label}: plain Remotion render of the same props (a)…`);
  const plan = await planOf(row, { engine: 'full' });
  const a = await timed(async () => plain(async () => renderer.render({ plan, outputPath: out(`${name}-a`) })));
  return { a, b, row };
}

/** The summary of a composite case (compositeCase) as the bench reports it. */
function compositeResult(name: string, c: Awaited<ReturnType<typeof compositeCase>>) {
  const frames = c.a.value.durationInFrames;
  const o = completed.get(c.row.id);
  return {
    frames,
    plainMs: Math.round(c.a.ms),
    apiMs: Math.round(c.b.ms),
    plainFps: Math.round((frames / (c.a.ms / 1000)) * 10) / 10,
    apiFps: Math.round((frames / (c.b.ms / 1000)) * 10) / 10,
    speedupVsPlain: Math.round((c.a.ms / c.b.ms) * 100) / 100,
    engine: c.row.engine,
    queueToStartMs: c.row.startedAt && c.row.createdAt ? c.row.startedAt.getTime() - c.row.createdAt.getTime() : NaN,
    workerRenderMs: c.row.renderMs,
    workerStages: o ? { overlayMs: o.overlayMs, composeMs: o.composeMs, overlayFrames: o.overlayFrames } : null,
    psnrDb: Math.round(psnr(out(`${name}-b`), out(`${name}-a`)) * 100) / 100,
  };
}

const BLUR_STYLE = { preset: 'bold', clipFit: 'blur' };

/** The landscape demo in blur mode alone (BENCH_ONLY=blur): what placing a clip of another shape costs the fast path. */
async function blurCase() {
  const result = compositeResult('comp-blur', await compositeCase('hook + demo, landscape demo in blur', 'comp-blur', landscapeDemoId, { style: BLUR_STYLE }));
  console.table({
    'hook + demo, landscape demo in blur, plain (a)': { ms: result.plainMs, fps: result.plainFps },
    'hook + demo, landscape demo in blur, API end to end (b)': { ms: result.apiMs, fps: result.apiFps },
  });
  console.log(`hook + demo, landscape demo in blur: ${result.speedupVsPlain}x faster than plain (target 5x), PSNR ${result.psnrDb} dB`);
  return result;
}

async function mainCases() {
  const wallRequest = { text: wallText, background_video_id: backgroundId, duration_seconds: 10, aspect: '9:16', style: wallStyle };

  console.log('text wall: through the API (b)…');
  const wallB = await timed(async () => {
    const created = await api({ method: 'POST', url: '/api/text-wall-videos/', payload: wallRequest });
    if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
    const video = created.json() as { id: string; render_job_id: string };
    await finished('text-wall-videos', video.id, 'wall-b');
    return video;
  });
  const wallRow = await renderRow(wallB.value.render_job_id);
  const wallPlan = await planOf(wallRow, { engine: 'full' });
  console.log('text wall: plain Remotion render of the same props (a)…');
  const wallA = await timed(() => plain(() => renderer.render({ plan: wallPlan, outputPath: out('wall-a') })));
  console.log('text wall: encoding alone (c)…');
  const wallC = await timed(async () => {
    execFileSync(ffmpeg, ['-v', 'error', '-y', '-i', out('wall-a'), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', out('wall-c')]);
  });

  const comp = await compositeCase('hook + demo', 'comp', demoId);
  const compBlur = await compositeCase('hook + demo, landscape demo in blur', 'comp-blur', landscapeDemoId, { style: BLUR_STYLE });
  const voiced = await voiceCase();
  const voiceOver = await voiceOverCase();
  const kitComposite = await kitCase();

  console.log(`bulk job of ${BULK} through the API and the queue…`);
  const bulkStart = performance.now();
  const bulk = await api({
    method: 'POST',
    url: '/api/text-wall-videos/bulk_create/',
    payload: { texts: Array.from({ length: BULK }, (_, i) => `Variant ${i + 1}: this changes how you make ads`), background_video_ids: [backgroundId], duration_seconds: 10, style: { preset: 'bold' } },
  });
  if (bulk.statusCode !== 202) throw new Error(`bulk: ${bulk.statusCode} ${bulk.body}`);
  const bulkJobId = (bulk.json() as { job_id: string }).job_id;
  let firstDone = 0;
  for (;;) {
    const status = (await api({ method: 'GET', url: `/api/text-wall-videos/bulk-job-status/${bulkJobId}/` })).json() as { completed: number; failed: number; total: number };
    if (status.failed > 0) throw new Error(`bulk: ${status.failed} failed`);
    if (status.completed > 0 && !firstDone) firstDone = performance.now() - bulkStart;
    if (status.completed === status.total) break;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const bulkMs = performance.now() - bulkStart;
  clearInterval(sampler);
  const queueWaitMs = wallRow.startedAt && wallRow.createdAt ? wallRow.startedAt.getTime() - wallRow.createdAt.getTime() : NaN;

  const stagesOf = (renderJobId: string) => {
    const o = completed.get(renderJobId);
    return o ? { overlayMs: o.overlayMs, composeMs: o.composeMs, overlayFrames: o.overlayFrames } : null;
  };
  const wallFrames = wallA.value.durationInFrames;
  const fps = (frames: number, ms: number) => Math.round((frames / (ms / 1000)) * 10) / 10;
  const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
  const median = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)]!;
  const result = {
    machine: { cores: (await import('node:os')).availableParallelism(), node: process.version, database: t.database.kind },
    textWall: {
      frames: wallFrames,
      plainMs: Math.round(wallA.ms),
      apiMs: Math.round(wallB.ms),
      encodeOnlyMs: Math.round(wallC.ms),
      plainFps: fps(wallFrames, wallA.ms),
      apiFps: fps(wallFrames, wallB.ms),
      encodeOnlyFps: fps(wallFrames, wallC.ms),
      speedupVsPlain: round(wallA.ms / wallB.ms),
      apiOverEncodeOnly: round(wallB.ms / wallC.ms),
      engine: wallRow.engine,
      queueToStartMs: queueWaitMs,
      /** the worker's part of (b): from taking the job to the stored video and thumbnail */
      workerRenderMs: wallRow.renderMs,
      /** of which: until the browser drew the last overlay frame, and the compose's end after it */
      workerStages: stagesOf(wallRow.id),
      psnrDb: round(psnr(out('wall-b'), out('wall-a'))),
    },
    hookDemo: compositeResult('comp', comp),
    hookDemoLandscapeBlur: compositeResult('comp-blur', compBlur),
    voicedTextWall: voiced,
    voiceOverComposite: voiceOver,
    kitComposite,
    bulk: {
      videos: BULK,
      totalMs: Math.round(bulkMs),
      firstVideoMs: Math.round(firstDone),
      videosPerMinute: round((BULK / bulkMs) * 60_000, 1),
      throughputVsPlain: round(wallA.ms / (bulkMs / BULK)),
    },
    productTextWall: productRun && {
      ...productRun,
      /** the median run's worker time (`render_ms`), and (a) over it */
      renderMs: median(productRun.runs.map((r) => r.renderMs)),
      renderMsSpread: [Math.min(...productRun.runs.map((r) => r.renderMs)), Math.max(...productRun.runs.map((r) => r.renderMs))],
      speedupVsPlain: round(wallA.ms / median(productRun.runs.map((r) => r.renderMs))),
      speedupVsPlainSpread: [round(wallA.ms / Math.max(...productRun.runs.map((r) => r.renderMs))), round(wallA.ms / Math.min(...productRun.runs.map((r) => r.renderMs)))],
    },
    peakTreePssMb: Math.round(peaks.product / 1024 / 1024),
    /** the renderer's processes alone (Chromium, ffmpeg): the tree less this process, which also holds the API and the embedded database */
    peakRendererChildrenPssMb: Math.round(peaks.productChildren / 1024 / 1024),
    peakTreePssMbDuringPlainRenders: Math.round(peaks.plain / 1024 / 1024),
  };

  console.table({
    'text wall, plain (a)': { ms: result.textWall.plainMs, fps: result.textWall.plainFps },
    'text wall, API end to end (b)': { ms: result.textWall.apiMs, fps: result.textWall.apiFps },
    'text wall, encode only (c)': { ms: result.textWall.encodeOnlyMs, fps: result.textWall.encodeOnlyFps },
    'hook + demo, plain (a)': { ms: result.hookDemo.plainMs, fps: result.hookDemo.plainFps },
    'hook + demo, API end to end (b)': { ms: result.hookDemo.apiMs, fps: result.hookDemo.apiFps },
    'hook + demo, landscape demo in blur, plain (a)': { ms: result.hookDemoLandscapeBlur.plainMs, fps: result.hookDemoLandscapeBlur.plainFps },
    'hook + demo, landscape demo in blur, API end to end (b)': { ms: result.hookDemoLandscapeBlur.apiMs, fps: result.hookDemoLandscapeBlur.apiFps },
    [`bulk job of ${BULK}, API and queue`]: { ms: result.bulk.totalMs, fps: fps(wallFrames * BULK, bulkMs) },
    ...(result.productTextWall && {
      'text wall over the built-in "Sunset gradient", npm start, worker (render_ms, median)': { ms: result.productTextWall.renderMs, fps: fps(wallFrames, result.productTextWall.renderMs) },
    }),
  });
  console.log(
    `text wall: b/a ${result.textWall.speedupVsPlain}x faster than plain (target 8x), b/c ${result.textWall.apiOverEncodeOnly}x encoding alone (target 1.5x), PSNR ${result.textWall.psnrDb} dB, queued to started ${result.textWall.queueToStartMs} ms\n` +
      (result.productTextWall
        ? `text wall in the product as npm start runs it (built-in "Sunset gradient"): a/render_ms ${result.productTextWall.speedupVsPlain}x faster than plain (target 8x; ` +
          `runs ${result.productTextWall.runs.map((r) => `${(r.renderMs / 1000).toFixed(1)} s with ${r.backgroundsMadeBefore}-${r.backgroundsMadeAfter} of 8 built-in backgrounds made`).join(', ')}; ` +
          `spread ${result.productTextWall.speedupVsPlainSpread.join('-')}x)\n`
        : '') +
      `hook + demo: ${result.hookDemo.speedupVsPlain}x faster than plain (target 5x), PSNR ${result.hookDemo.psnrDb} dB\n` +
      `hook + demo, landscape demo in blur: ${result.hookDemoLandscapeBlur.speedupVsPlain}x faster than plain (target 5x), PSNR ${result.hookDemoLandscapeBlur.psnrDb} dB\n` +
      `bulk: ${result.bulk.throughputVsPlain}x the plain throughput (target 6x), first video in ${(result.bulk.firstVideoMs / 1000).toFixed(1)} s (target 15 s)\n` +
      `peak memory of the process tree (API, worker, Chromium, ffmpeg; proportional set size) while the product renders: ${result.peakTreePssMb} MB (target 1536 MB), of which Chromium and ffmpeg ${result.peakRendererChildrenPssMb} MB; during the plain renders: ${result.peakTreePssMbDuringPlainRenders} MB`,
  );
  console.log(JSON.stringify(result, null, 2));
}

/**
 * A long video through the API in pieces (b), then the same props in one piece by the same
 * renderer (d): `create` makes it and answers the composite's id.
 */
async function longCase(name: string, create: () => Promise<string>) {
  console.log(`${name}: through the API, in pieces (b)…`);
  const pieces = await timed(async () => {
    const id = await create();
    await finished('composite-videos', id, `${name}-b`);
    return ((await api({ method: 'GET', url: `/api/composite-videos/${id}/` })).json() as { render_job_id: string }).render_job_id;
  });
  const row = await renderRow(pieces.value);
  const chunks = await t.deps.db.select().from(renderChunks).where(eq(renderChunks.renderJobId, row.id));
  console.log(`${name}: the same props in one piece (d)…`);
  const onePiecePlan = await planOf(row);
  const onePiece = await timed(async () => plain(async () => renderer.render({ plan: onePiecePlan, outputPath: out(`${name}-d`) })));
  const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
  return {
    frames: onePiece.value.durationInFrames,
    pieces: chunks.length,
    engine: row.engine,
    piecesMs: Math.round(pieces.ms),
    onePieceMs: Math.round(onePiece.ms),
    /** the API in pieces (queue, a job per piece, parts stored, the join, the video and thumbnail stored) over the renderer in one piece */
    piecesOverOnePiece: round(pieces.ms / onePiece.ms),
    psnrDb: round(psnr(out(`${name}-b`), out(`${name}-d`))),
  };
}

/**
 * The long videos: a 60 s composite (a 3 s hook, 55 s of demo, the end card: the fast path) and a
 * 30 s multi text wall over the brand gradient (three walls with fades: the full Remotion render).
 */
async function longVideos() {
  const longDemoId = await upload(await clip('long-demo', 5, 540, 960, 55, true), 'brand', 'Long demo', 'product_demo');
  const composite = await longCase('long-composite', async () => {
    const created = await api({
      method: 'POST',
      url: '/api/composite-videos/',
      payload: {
        composition_id: 'hook-product-demo',
        hook_video_id: hookId,
        product_demo_video_id: longDemoId,
        config: { maxDemoSeconds: 55, hookText: 'Wait for it 👀', productName: 'Glow Serum', captionText: 'Free for 7 days' },
      },
    });
    if (created.statusCode !== 201) throw new Error(`long composite: ${created.statusCode} ${created.body}`);
    return (created.json() as { id: string }).id;
  });
  const multiTextWall = await longCase('long-multi-wall', async () => {
    const created = await api({
      method: 'POST',
      url: '/api/composite-videos/multitextwall/',
      payload: { texts: ['Before: 3 hours per ad 😩', 'After: 50 ads before lunch 🚀', 'Your turn.'], seconds_per_wall: 10, transition: 'fade', aspect: '9:16' },
    });
    if (created.statusCode !== 202) throw new Error(`long multi text wall: ${created.statusCode} ${created.body}`);
    return (created.json() as { video_ids: string[] }).video_ids[0]!;
  });
  const row = (label: string, r: typeof composite) => ({
    [`${label} ${r.frames / 30} s, API in ${r.pieces} pieces (b)`]: { ms: r.piecesMs },
    [`${label}, renderer in one piece (d)`]: { ms: r.onePieceMs },
  });
  console.table({ ...row('composite', composite), ...row('multi text wall', multiTextWall) });
  const line = (label: string, r: typeof composite) =>
    `${label} (${r.engine}): b/d ${r.piecesOverOnePiece}x the time of one piece (${r.pieces} pieces of ${DEFAULT_CHUNK_SECONDS} s at most), PSNR ${r.psnrDb} dB`;
  console.log(`long videos: ${line('composite', composite)}; ${line('multi text wall', multiTextWall)}`);
  console.log(JSON.stringify({ longVideos: { chunkSeconds: DEFAULT_CHUNK_SECONDS, composite, multiTextWall } }, null, 2));
}

const VOICE_TEXT =
  'Stop scrolling. This serum hydrates your skin for twenty four hours, without the greasy feel. Ten thousand people switched this month. Tap the link and try it today.';

/**
 * The voiced text wall: 15 s 1080x1920 over the looping clip, an offline English voice and
 * `highlight` captions, through the API (b) against a plain Remotion render of the same props (a);
 * then a bulk of BULK such videos (their texts differ, so each is spoken anew).
 */
async function voiceCase() {
  const voices = (await api({ method: 'GET', url: '/api/voices/' })).json() as { results: { id: string; language: string; provider: string }[] };
  const voice = voices.results.find((v) => v.provider === 'offline' && v.language.startsWith('en'));
  if (!voice) throw new Error(`no offline English voice in ${JSON.stringify(voices).slice(0, 300)}`);
  const request = (texts: string[]) => ({
    texts,
    background_video_ids: [backgroundId],
    duration_seconds: 15,
    aspect: '9:16',
    style: { preset: 'bold' },
    voice: { voice_id: voice.id, speed: 1 },
    captions: { style: 'highlight' },
  });
  const bulkRun = async (texts: string[], name: string | null) => {
    const start = performance.now();
    const created = await api({ method: 'POST', url: '/api/text-wall-videos/bulk_create/', payload: request(texts) });
    if (created.statusCode !== 202) throw new Error(`voiced bulk: ${created.statusCode} ${created.body}`);
    const { job_id: jobId, video_ids: videoIds } = created.json() as { job_id: string; video_ids: string[] };
    let firstMs = 0;
    for (;;) {
      const status = (await api({ method: 'GET', url: `/api/text-wall-videos/bulk-job-status/${jobId}/` })).json() as { completed: number; failed: number; total: number };
      if (status.failed > 0) throw new Error(`voiced bulk: ${status.failed} failed`);
      if (status.completed > 0 && !firstMs) firstMs = performance.now() - start;
      if (status.completed === status.total) break;
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    const totalMs = performance.now() - start;
    if (name) await finished('text-wall-videos', videoIds[0]!, name);
    return { totalMs, firstMs, videoIds };
  };
  console.log('voiced text wall: through the API (b)…');
  const b = await bulkRun([VOICE_TEXT], 'voice-b');
  const detail = (await api({ method: 'GET', url: `/api/text-wall-videos/${b.videoIds[0]}/` })).json() as { render_job_id: string };
  const row = await renderRow(detail.render_job_id);
  console.log('voiced text wall: plain Remotion render of the same props (a)…');
  const plan = await planOf(row, { engine: 'full' });
  const a = await timed(() => plain(() => renderer.render({ plan, outputPath: out('voice-a') })));
  console.log(`voiced bulk of ${BULK} through the API and the queue…`);
  const bulk = await bulkRun(
    Array.from({ length: BULK }, (_, i) => `Variant ${i + 1}. ${VOICE_TEXT}`),
    null,
  );
  const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
  const frames = a.value.durationInFrames;
  const o = completed.get(row.id);
  const result = {
    frames,
    plainMs: Math.round(a.ms),
    apiMs: Math.round(b.totalMs),
    speedupVsPlain: round(a.ms / b.totalMs),
    engine: row.engine,
    workerRenderMs: row.renderMs,
    workerStages: o ? { overlayMs: o.overlayMs, composeMs: o.composeMs, overlayFrames: o.overlayFrames } : null,
    psnrDb: round(psnr(out('voice-b'), out('voice-a'))),
    bulk: { videos: BULK, totalMs: Math.round(bulk.totalMs), firstVideoMs: Math.round(bulk.firstMs), throughputVsPlain: round(a.ms / (bulk.totalMs / BULK)) },
  };
  console.table({
    'voiced text wall (offline voice, highlight captions), plain (a)': { ms: result.plainMs },
    'voiced text wall, API end to end (b)': { ms: result.apiMs },
    [`voiced bulk of ${BULK}, API and queue`]: { ms: result.bulk.totalMs },
  });
  console.log(
    `voiced text wall: ${result.speedupVsPlain}x faster than plain (target 8x), PSNR ${result.psnrDb} dB, ${result.workerStages?.overlayFrames ?? '?'} overlay frames of ${frames}; ` +
      `voiced bulk: first video in ${(result.bulk.firstVideoMs / 1000).toFixed(1)} s (target 15 s), ${result.bulk.throughputVsPlain}x the plain throughput`,
  );
  return result;
}

/**
 * A hook + demo composite with a voice-over read over its demo by an offline English voice,
 * `highlight` captions following its words and the demo's own sound lowered under it (BENCH_ONLY=voiceover).
 */
async function voiceOverCase() {
  const voices = (await api({ method: 'GET', url: '/api/voices/' })).json() as { results: { id: string; language: string; provider: string }[] };
  const voice = voices.results.find((v) => v.provider === 'offline' && v.language.startsWith('en'));
  if (!voice) throw new Error('no offline English voice');
  const extra = { voice: { voice_id: voice.id, speed: 1 }, voiceover_texts: ['This serum hydrates for twenty four hours. Ten thousand people switched this month.'], captions: { style: 'highlight' } };
  const result = compositeResult('comp-voice', await compositeCase('hook + demo with a voice-over', 'comp-voice', demoId, extra));
  console.log(`hook + demo with a voice-over and captions: ${result.speedupVsPlain}x faster than plain (target 5x), PSNR ${result.psnrDb} dB, ${result.workerStages?.overlayFrames ?? '?'} overlay frames of ${result.frames}`);
  return result;
}

/**
 * A hook + demo composite with a brand kit (BENCH_ONLY=kit): a logo in its corner, an uploaded
 * font for every text, and the kit's end card with the logo and an address.
 */
async function kitCase() {
  const form = (field: string, filename: string, type: string, content: Buffer) => {
    const boundary = '----hookwall-bench-boundary';
    const payload = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`), content, Buffer.from(`\r\n--${boundary}--\r\n`)]);
    return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-team-slug': team.slug } };
  };
  // a multipart upload keeps its own content type (api() sets the team header alone)
  const upload = (url: string, body: ReturnType<typeof form>) => as(t.app, user)({ method: 'POST', url, payload: body.payload, headers: body.headers });
  const fontFile = readFileSync(createRequire(import.meta.url).resolve('@fontsource/playfair-display/files/playfair-display-latin-700-normal.woff2'));
  const font = await upload('/api/brand-fonts/', form('font', 'Playfair.woff2', 'font/woff2', fontFile));
  if (font.statusCode !== 201) throw new Error(`font: ${font.statusCode} ${font.body}`);
  const kit = await api({
    method: 'POST',
    url: '/api/brand-kits/',
    payload: { name: 'Bench kit', colors: { primary: '#e11d48', secondary: '#facc15', text: '#ffffff', background: '#111111' }, font_id: font.json().id, end_card: { enabled: true, headline: 'Glow Serum', cta: 'Shop now', url: 'glow.example', seconds: 2 } },
  });
  if (kit.statusCode !== 201) throw new Error(`kit: ${kit.statusCode} ${kit.body}`);
  const logoPath = join(dir, 'logo.png');
  execFileSync(ffmpeg, ['-v', 'error', '-y', '-f', 'lavfi', '-i', 'color=c=0xff7a00:s=600x240', '-frames:v', '1', logoPath]);
  const logo = await upload(`/api/brand-kits/${kit.json().id}/logo/`, form('logo', 'logo.png', 'image/png', readFileSync(logoPath)));
  if (logo.statusCode !== 200) throw new Error(`logo: ${logo.statusCode} ${logo.body}`);
  const result = compositeResult('comp-kit', await compositeCase('hook + demo with a brand kit', 'comp-kit', demoId, { brand_kit_id: kit.json().id }));
  console.log(`hook + demo with a brand kit (logo, uploaded font, end card): ${result.speedupVsPlain}x faster than plain (target 5x), PSNR ${result.psnrDb} dB, ${result.workerStages?.overlayFrames ?? '?'} overlay frames of ${result.frames}`);
  return result;
}

if (ONLY === 'kit') {
  console.log(JSON.stringify({ kitComposite: await kitCase() }, null, 2));
} else if (ONLY === 'voiceover') {
  console.log(JSON.stringify({ voiceOverComposite: await voiceOverCase() }, null, 2));
} else if (ONLY === 'voice') {
  const voiced = await voiceCase();
  console.log(`peak memory of the process tree while the product renders: ${Math.round(peaks.product / 1024 / 1024)} MB (target 1536 MB)`);
  console.log(JSON.stringify({ voicedTextWall: voiced }, null, 2));
} else if (ONLY === 'blur') await blurCase();
else {
  if (ONLY !== 'long') await mainCases();
  if (ONLY !== 'main') await longVideos();
}
clearInterval(sampler);

await worker.stop();
await render.close();
await t.close();
// BENCH_KEEP=1 leaves the videos to watch (wall-a/b/c, comp-a/b, long-composite-b/d, long-multi-wall-b/d)
if (process.env.BENCH_KEEP === '1') console.log(`videos kept in ${dir}`);
else rmSync(dir, { recursive: true, force: true });
