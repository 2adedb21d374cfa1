import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { createHandlers, createMailer, createRenderer, createRenderHandler, createTinyRenderer, ensureVideoBundle, startWorker, type Renderer, type TinyRendererOptions } from '@hookwall/worker';
import { as, type TestApp } from '../../test/harness.ts';
import { makeTestVideo, pathOf } from '../media/media.test-helpers.ts';
import { mediaToolsFrom } from '@hookwall/binaries';

const { ffprobe: ffprobeBin } = mediaToolsFrom(process.env);

/** Subscribes a team through the local billing provider, as a user would. */
export async function subscribeTeam(app: FastifyInstance, user: { access: string }, slug: string) {
  const res = await as(app, user)({
    method: 'POST',
    url: `/a/${slug}/subscription/stripe/api/create-checkout-session/`,
    payload: { price_id: 'price_early_supporter', success_url: 'http://localhost:3000/settings/subscription', cancel_url: 'http://localhost:3000/settings/subscription' },
  });
  if (res.statusCode !== 200) throw new Error(`checkout: ${res.statusCode} ${res.body}`);
  const id = (res.json() as string).split('/').pop()!;
  const paid = await as(app, user)({ method: 'POST', url: `/subscription/local/api/checkout/${id}/pay/` });
  if (paid.statusCode >= 300) throw new Error(`pay: ${paid.statusCode} ${paid.body}`);
}

/** Uploads a real clip through the upload flow (background or brand video) and returns it ready. */
export async function uploadClip(app: FastifyInstance, user: { access: string }, slug: string, kind: 'background' | 'brand', options: { seconds?: number; title?: string; clipKind?: string; bytes?: Buffer } = {}) {
  const bytes = options.bytes ?? makeTestVideo({ seconds: options.seconds ?? 2 });
  const base = kind === 'background' ? '/api/text-wall-background-videos/' : '/api/brand-videos/';
  const call = (o: Parameters<ReturnType<typeof as>>[0]) => as(app, user)({ ...o, headers: { 'x-team-slug': slug } });
  const created = await call({
    method: 'POST',
    url: base,
    payload: { filename: `${options.title ?? 'clip'}.mp4`, content_type: 'video/mp4', size: bytes.length, ...(kind === 'brand' ? { kind: options.clipKind ?? 'hook', title: options.title ?? 'Clip' } : {}) },
  });
  if (created.statusCode !== 201) throw new Error(`create: ${created.statusCode} ${created.body}`);
  const { id } = created.json();
  const target = (await call({ method: 'POST', url: `${base}${id}/upload_url/`, payload: {} })).json();
  await app.inject({ method: 'PUT', url: pathOf(target.upload_url), headers: target.headers, payload: bytes });
  const ready = await call({ method: 'POST', url: `${base}${id}/confirm_upload/`, payload: {} });
  if (ready.json().status !== 'ready') throw new Error(`confirm: ${ready.body}`);
  return ready.json() as { id: string };
}

/** A worker that renders for real (the prebuilt bundle, the product's Chromium), small: for what only real pixels and the real mix prove. */
export async function renderingWorker(t: TestApp, scale = 0.2, options: { chunkSeconds?: number } = {}) {
  const bundleDir = await ensureVideoBundle();
  const renderer = createRenderer({ bundleDir, scale, chromiumPath: t.deps.config.CHROMIUM_PATH, binaries: t.deps.config.BINARIES, ffmpegPath: t.deps.config.FFMPEG_PATH, ffprobePath: t.deps.config.FFPROBE_PATH });
  return workerWith(t, renderer, options);
}

/**
 * A worker whose engine is the test engine (createTinyRenderer in @hookwall/worker): the real
 * render handler, queue, storage and ffmpeg steps around it (chunks and their join, the ad code's
 * metadata, thumbnails, captions), each render a tiny real MP4 of the plan's frames, rate, aspect
 * and sound, made in a fraction of a second without a browser. For tests of a render's shape, not
 * its pixels. `msPerFrame` makes each render last (a cancel, a stop or another team's turn while one runs).
 */
export function tinyRenderingWorker(t: TestApp, options: { chunkSeconds?: number } & Pick<TinyRendererOptions, 'msPerFrame' | 'scale'> = {}) {
  const renderer = createTinyRenderer({ ffmpegPath: t.deps.config.FFMPEG_PATH, ffprobePath: t.deps.config.FFPROBE_PATH, msPerFrame: options.msPerFrame, scale: options.scale });
  return workerWith(t, renderer, options);
}

/** The worker of a test app with this engine: the render handler and the mail (a test drains it). */
export function workerWith(t: TestApp, renderer: Renderer, options: { chunkSeconds?: number } = {}) {
  const render = createRenderHandler({ db: t.deps.db, storage: t.deps.storage, renderer, ffmpeg: { ffmpegPath: t.deps.config.FFMPEG_PATH, ffprobePath: t.deps.config.FFPROBE_PATH }, chunkSeconds: options.chunkSeconds });
  const worker = startWorker(
    { db: t.deps.db, handlers: createHandlers({ mailer: createMailer({ from: 'x@example.com', outboxDir: `${t.dataDir}/outbox` }), render }) },
    { autoStart: false },
  );
  return {
    worker,
    render,
    async close() {
      await worker.stop();
      await render.close();
    },
  };
}

export interface ProbedStream {
  codec_name: string;
  pix_fmt: string;
  width: number;
  height: number;
  r_frame_rate: string;
  nb_frames?: string;
  nb_read_frames?: string;
}

export function ffprobe(path: string): { stream: ProbedStream; duration: number } {
  const out = JSON.parse(
    execFileSync(ffprobeBin, ['-v', 'error', '-select_streams', 'v:0', '-count_frames', '-show_entries', 'stream=codec_name,pix_fmt,width,height,r_frame_rate,nb_read_frames:format=duration', '-of', 'json', path], { encoding: 'utf8' }),
  );
  return { stream: out.streams[0], duration: Number(out.format.duration) };
}

/** The MP4's title and comment: the video's ad code, which the worker writes into every video it stores (ad-metadata.ts). */
export function mp4Tags(path: string): { title?: string; comment?: string } {
  const out = JSON.parse(execFileSync(ffprobeBin, ['-v', 'error', '-show_entries', 'format_tags=title,comment', '-of', 'json', path], { encoding: 'utf8' }));
  return out.format?.tags ?? {};
}

/** Chromium and ffmpeg processes under this test process: none may outlive a closed worker. */
export function leftoverProcesses(): string[] {
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')));
    } catch {
      // gone meanwhile
    }
  }
  const found: string[] = [];
  const stack = [...(children.get(process.pid) ?? [])];
  while (stack.length) {
    const pid = stack.pop()!;
    if (/chrom|ffmpeg|ffprobe|headless/i.test(names.get(pid) ?? '')) found.push(`${pid} ${names.get(pid)}: ${commandLine(pid)}`);
    stack.push(...(children.get(pid) ?? []));
  }
  return found;
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').slice(0, 300);
  } catch {
    return '';
  }
}

/** Reads until `isDone` holds (every `everyMs`), or fails after `timeoutMs` with the last value read. */
export async function waitFor<T>(what: string, read: () => Promise<T>, isDone: (value: T) => boolean, timeoutMs = 180_000, everyMs = 250): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
