import { mkdir, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { defaultMediaTool } from '@hookwall/binaries';
import { probeClip, run, untrustedInput } from '@hookwall/media';
import { musicPlan, voicePlan, type LayerPlan } from '@hookwall/video/layers';
import { readComposition } from '@hookwall/video/render-request';
import { hookProductDemoSpeechStart } from '@hookwall/video/schemas';
import { composeSound } from './compose.ts';
import { RenderCancelledError } from './fast-render.ts';
import { planRender, type RenderPlan } from './plan.ts';
import type { Renderer, RenderResult } from './renderer.ts';

/**
 * THE TEST ENGINE, never the product's: a `Renderer` that draws no pixel of the composition. Each
 * render writes a small but real MP4 with ffmpeg (a plain colour from lavfi, H.264 yuv420p, at a
 * tiny share of the plan's size), with exactly the frames of the plan or of the chunk's
 * `frameRange` at the plan's rate, and an AAC track when the video has sound: the very sound the
 * real engine mixes (compose.ts's composeSound, from the voice, the music and the clips' own
 * sound). It reports the engine the real one would take ('fast' when the plan has layers, else
 * 'remotion' with the plan's `fullReason`), writes the fast path's thumbnail, reports progress,
 * stops at once on its signal (RenderCancelledError, nothing left behind) and fails where the real
 * one fails on a clip ffmpeg cannot read.
 *
 * So the API's tests of a render's shape (job states, queueing, turns, chunks and their join,
 * cancels, retries, quotas, stored keys, file names, the ad code's metadata, captions) run through
 * the real handler, queue, storage and ffmpeg steps around the engine in a fraction of a second
 * per render, without a browser. What the pixels and the mix look like is proven with the real
 * engine (createRenderer) in the `*.render.test.ts` files.
 */
export interface TinyRendererOptions {
  ffmpegPath?: string;
  ffprobePath?: string;
  /** the share of the plan's size the videos are made at (default 0.05: 54×96 for 9:16) */
  scale?: number;
  /**
   * each frame takes at least this long (ms; default 0): a render that lasts, for tests of what
   * happens while one runs (a cancel, a stopping worker, another team's turn between pieces)
   */
  msPerFrame?: number;
}

export const TINY_SCALE = 0.05;

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The colour of each engine's frames (what a test sees when it looks at one). */
const COLOURS = { fast: '0x1d3557', remotion: '0x7c3aed' } as const;

/** The clips (videos) a plan reads: the real engine decodes each, so each must be a video ffmpeg reads. */
function videoClips(plan: RenderPlan): string[] {
  const c = plan.composition;
  const urls = (() => {
    switch (c.compositionId) {
      case 'text-wall':
        return [c.props.background];
      case 'hook-product-demo':
        return [c.props.hook, c.props.demo];
      case 'multi-text-wall':
        return c.props.walls.map((w) => w.background);
    }
  })();
  return [...new Set(urls.flatMap((clip) => (clip ? [clip.url] : [])))];
}

type SoundPlan = Pick<LayerPlan, 'clips' | 'fps' | 'durationInFrames' | 'voice' | 'music'>;

/** The sound a render of the plan carries: the layers' (the fast path's compose), else the composition's voice and music (the full render's <Audio>). */
function renderSound(plan: RenderPlan): SoundPlan {
  if (plan.layers) return plan.layers;
  const c = plan.composition;
  const base = { clips: [], fps: plan.fps, durationInFrames: plan.durationInFrames };
  switch (c.compositionId) {
    case 'text-wall':
      return { ...base, voice: voicePlan(c.props.speech, 0, plan.fps), music: musicPlan(c.props.music) };
    case 'hook-product-demo':
      return { ...base, voice: voicePlan(c.props.speech, hookProductDemoSpeechStart(c.props), plan.fps), music: musicPlan(c.props.music) };
    case 'multi-text-wall':
      return { ...base, voice: null, music: musicPlan(c.props.music) };
  }
}

/** Waits `ms`, or throws RenderCancelledError as soon as the signal aborts. */
function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new RenderCancelledError());
    const onAbort = () => {
      clearTimeout(timer);
      reject(new RenderCancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const lastLine = (error: unknown) => String((error as { stderr?: string }).stderr || error).trim().split('\n').at(-1);

/** The test engine (see TinyRendererOptions): a tiny real MP4 per render, through the same interface as createRenderer. */
export function createTinyRenderer(options: TinyRendererOptions = {}): Renderer {
  const scale = options.scale ?? TINY_SCALE;
  const msPerFrame = options.msPerFrame ?? 0;
  const ffmpeg = { ffmpegPath: options.ffmpegPath ?? defaultMediaTool('ffmpeg'), ffprobePath: options.ffprobePath ?? defaultMediaTool('ffprobe') };
  const factsOf = (plan: RenderPlan) => (source: string) => Promise.resolve(plan.clipFacts.get(source) ?? probeClip(source, ffmpeg));
  const sizeOf = (plan: Pick<RenderPlan, 'width' | 'height'>) => ({ width: even(plan.width * scale), height: even(plan.height * scale) });

  return {
    async render(order) {
      if (order.signal?.aborted) throw new RenderCancelledError();
      await mkdir(dirname(order.outputPath), { recursive: true });
      const { plan, signal } = order;
      const [first, last] = order.frameRange ?? [0, plan.durationInFrames - 1];
      const frames = last - first + 1;
      const size = { ...sizeOf(plan), fps: plan.fps, durationInFrames: frames };
      const engine = plan.layers ? 'fast' : 'remotion';
      // the fast path writes the thumbnail from its own encode (a chunk's would be of its own first second: none)
      const thumbnailPath = plan.layers && !order.frameRange ? order.thumbnailPath : undefined;
      const soundPath = `${order.outputPath}.sound.m4a`;
      try {
        order.onProgress?.(0);
        const hasSound = await composeSound({ plan: renderSound(plan), probe: factsOf(plan), outputPath: soundPath, ffmpegPath: ffmpeg.ffmpegPath, signal });
        // the time a real render takes, in steps, each one reported
        const steps = Math.min(10, frames);
        for (let step = 1; step <= steps && msPerFrame > 0; step++) {
          await pause((frames * msPerFrame) / steps, signal);
          order.onProgress?.((0.9 * step) / steps);
        }
        const seconds = (n: number) => (n / plan.fps).toFixed(6);
        const thumbnailFrame = Math.min(Math.max(0, plan.thumbnailFrame), frames - 1);
        // the same ffmpeg decodes each clip's first frame, as the real engine's compose (or its
        // browser) must: a clip that is not a video fails the render, as it fails the real one
        const clips = videoClips(plan);
        const firstClip = hasSound ? 2 : 1;
        await run(
          ffmpeg.ffmpegPath,
          [
            '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
            '-f', 'lavfi', '-i', `color=c=${COLOURS[engine]}:s=${size.width}x${size.height}:r=${plan.fps}:d=${seconds(frames + 2)}`,
            // the video's sound (a chunk: its part of the whole video's)
            ...(hasSound ? [...(order.frameRange ? ['-ss', seconds(first), '-t', seconds(frames)] : []), '-i', soundPath] : []),
            ...clips.flatMap((url) => untrustedInput(url)),
            // exactly the frames asked for (the sound ends with them: no -frames, which would cut it short)
            '-filter_complex', `[0:v]trim=end_frame=${frames}${thumbnailPath ? `,split=2[v][t];[t]select='eq(n,${thumbnailFrame})',scale='min(480,iw)':-2[thumb]` : '[v]'}`,
            '-map', '[v]',
            ...(hasSound ? ['-map', '1:a', ...(order.frameRange ? ['-c:a', 'aac', '-b:a', '128k', '-ar', '48000'] : ['-c:a', 'copy'])] : []),
            '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p',
            '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv',
            '-r', String(plan.fps), '-movflags', '+faststart', order.outputPath,
            ...(thumbnailPath ? ['-map', '[thumb]', '-frames:v', '1', '-q:v', '4', '-f', 'image2', '-update', '1', thumbnailPath] : []),
            ...clips.flatMap((_, i) => ['-map', `${firstClip + i}:v:0`, '-frames:v', '1', '-f', 'null', '-']),
          ],
          120_000,
          signal,
        ).catch((error: unknown) => {
          if (signal?.aborted) throw new RenderCancelledError();
          throw new Error(`ffmpeg could not compose the video: ${lastLine(error)}`);
        });
        if (signal?.aborted) throw new RenderCancelledError();
        order.onProgress?.(1);
        const result: RenderResult = { ...size, engine, ...(thumbnailPath ? { thumbnail: true } : {}) };
        return engine === 'fast' ? result : { ...result, fallbackReason: plan.fullReason };
      } catch (error) {
        await rm(order.outputPath, { force: true });
        if (thumbnailPath) await rm(thumbnailPath, { force: true });
        if (error instanceof RenderCancelledError || signal?.aborted) throw new RenderCancelledError();
        throw error;
      } finally {
        await rm(soundPath, { force: true });
      }
    },
    async sound({ plan, outputPath, signal }) {
      // as the real engine's: a text wall the full render draws has no sound but its voice and music
      const c = plan.composition;
      const voiced = c.compositionId === 'text-wall' && (c.props.speech || c.props.music) ? { clips: [], fps: plan.fps, durationInFrames: plan.durationInFrames, voice: voicePlan(c.props.speech, 0, plan.fps), music: musicPlan(c.props.music) } : null;
      const layers = plan.layers ?? voiced;
      if (!layers) return 'unplanned';
      const written = await composeSound({ plan: layers, probe: factsOf(plan), outputPath, ffmpegPath: ffmpeg.ffmpegPath, signal });
      return written ? 'written' : 'none';
    },
    async still(request) {
      await mkdir(dirname(request.outputPath), { recursive: true });
      const plan = planRender(readComposition(request.compositionId, request.inputProps));
      const { width, height } = sizeOf(plan);
      await run(ffmpeg.ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi', '-i', `color=c=${COLOURS.remotion}:s=${width}x${height}`, '-frames:v', '1', '-f', 'image2', '-update', '1', request.outputPath]);
    },
    warm: async () => undefined,
    close: async () => undefined,
  };
}
