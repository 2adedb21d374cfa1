import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';
import { defaultMediaTool } from '@hookwall/binaries';
import { IDLE_PRIORITY, run, type FfmpegPaths } from './ffmpeg.ts';

/**
 * The built-in text wall backgrounds: made by ffmpeg's own sources and filters, so a new install
 * has backgrounds without downloading anything. Every expression is periodic in the clip length
 * (`T/D` runs 0..1), so each clip loops seamlessly.
 */
export interface BuiltinBackground {
  slug: string;
  name: string;
  /** a filter graph producing the clip from `{W}x{H}` at `{FPS}` for `{D}` seconds */
  graph: (size: ClipSize) => string;
}

export interface ClipSize {
  width: number;
  height: number;
  duration: number;
  fps: number;
}

export const DEFAULT_CLIP: ClipSize = { width: 1080, height: 1920, duration: 6, fps: 30 };

const PI2 = '2*PI';
/**
 * Patterns are computed at a fraction of the size (an eighth for smooth ones: 64x fewer
 * evaluations of the expression) and scaled up, which is where most of the time would go.
 */
const smooth = (size: ClipSize, expr: { r: string; g: string; b: string }, divisor = 8) => {
  const w = Math.max(16, Math.round(size.width / divisor / 2) * 2);
  const h = Math.max(16, Math.round(size.height / divisor / 2) * 2);
  return (
    `nullsrc=s=${w}x${h}:r=${size.fps}:d=${size.duration},format=gbrp,` +
    `geq=r='${expr.r}':g='${expr.g}':b='${expr.b}',` +
    `scale=${size.width}:${size.height}:flags=bicubic,format=yuv420p`
  );
};
const clamp = (e: string) => `clip(${e},0,255)`;

export const BUILTIN_BACKGROUNDS: BuiltinBackground[] = [
  {
    slug: 'sunset-gradient',
    name: 'Sunset gradient',
    graph: (s) =>
      smooth(s, {
        r: clamp(`200+55*sin(${PI2}*(Y/H*0.6+T/${s.duration}))`),
        g: clamp(`90+60*sin(${PI2}*(Y/H*0.8+T/${s.duration})+1.5)`),
        b: clamp(`110+70*sin(${PI2}*(Y/H*0.5-T/${s.duration})+3)`),
      }),
  },
  {
    slug: 'ocean-waves',
    name: 'Ocean waves',
    graph: (s) =>
      smooth(s, {
        r: clamp(`20+20*sin(${PI2}*(X/W+2*Y/H-T/${s.duration}))`),
        g: clamp(`90+50*sin(${PI2}*(X/W*0.5+3*Y/H-T/${s.duration})+1)`),
        b: clamp(`170+60*sin(${PI2}*(2*Y/H-X/W-T/${s.duration})+2)`),
      }),
  },
  {
    slug: 'aurora',
    name: 'Aurora',
    graph: (s) =>
      smooth(s, {
        r: clamp(`30+60*pow(sin(${PI2}*(X/W*0.7+sin(${PI2}*(Y/H*0.5+T/${s.duration}))*0.3)),2)`),
        g: clamp(`40+170*pow(sin(${PI2}*(X/W*0.5+Y/H*0.3+T/${s.duration})),4)`),
        b: clamp(`60+110*pow(cos(${PI2}*(Y/H*0.4-T/${s.duration})),2)`),
      }),
  },
  {
    slug: 'radial-pulse',
    name: 'Radial pulse',
    graph: (s) => {
      const d = 'hypot(X-W/2,Y-H/2)/H';
      return smooth(s, {
        r: clamp(`120+100*sin(${PI2}*(3*${d}-T/${s.duration}))`),
        g: clamp(`40+30*sin(${PI2}*(3*${d}-T/${s.duration})+1)`),
        b: clamp(`150+90*cos(${PI2}*(3*${d}-T/${s.duration}))`),
      });
    },
  },
  {
    slug: 'plasma',
    name: 'Plasma',
    graph: (s) => {
      const v = `(sin(${PI2}*(X/W*1.5+T/${s.duration}))+sin(${PI2}*(Y/H*1.2-T/${s.duration}))+sin(${PI2}*((X/W+Y/H)*0.8+2*T/${s.duration})))`;
      return smooth(s, { r: clamp(`110+70*sin(${v}*1.2)`), g: clamp(`70+50*sin(${v}*1.2+2.1)`), b: clamp(`140+80*sin(${v}*1.2+4.2)`) });
    },
  },
  {
    slug: 'diagonal-stripes',
    name: 'Diagonal stripes',
    graph: (s) => {
      // one stripe period moves past in the clip length, so the last frame meets the first
      const stripe = `lt(mod(X+Y+(T/${s.duration})*W/4,W/4),W/8)`;
      return smooth(s, { r: `if(${stripe},44,18)`, g: `if(${stripe},120,60)`, b: `if(${stripe},140,80)` }, 4);
    },
  },
  {
    slug: 'checker-drift',
    name: 'Checker drift',
    graph: (s) => {
      const tile = 'W/6';
      const check = `eq(mod(floor((X+(T/${s.duration})*2*${tile})/(${tile}))+floor(Y/(${tile})),2),0)`;
      return smooth(s, { r: `if(${check},35,20)`, g: `if(${check},40,24)`, b: `if(${check},70,45)` }, 4);
    },
  },
  {
    slug: 'film-grain',
    name: 'Film grain',
    // a still grain over a slowly breathing dark gradient: a moving grain would not compress
    graph: (s) =>
      `${smooth(s, {
        r: clamp(`34+14*sin(${PI2}*(Y/H*0.7+T/${s.duration}))`),
        g: clamp(`36+14*sin(${PI2}*(Y/H*0.7+T/${s.duration})+0.4)`),
        b: clamp(`58+20*sin(${PI2}*(Y/H*0.7+T/${s.duration})+0.8)`),
      })},noise=alls=10:allf=u,vignette=PI/4,format=yuv420p`,
  },
];

/** How often a clip being made asks whether renders are running (see generateBackground's `pauseWhile`). */
const PAUSE_POLL_MS = 250;

/**
 * Writes one built-in clip as H.264 MP4 (yuv420p, +faststart) to `outPath`, at the lowest CPU
 * priority: they are made after the first start, while a new user's first videos may be rendering.
 * A low priority alone does not keep the render's time: the clips' ffmpeg runs whenever a render
 * leaves a core idle for a moment (the browser's overlay, the pipes between it and the compose)
 * and shares the cores' caches with it, which slowed a text wall rendered beside it (`npm run
 * bench:render` measures it, README). So while `pauseWhile()` answers true (renders are
 * running) the ffmpeg is stopped (SIGSTOP) and continued (SIGCONT) once it answers false; the time
 * limit counts only the time it ran.
 */
export async function generateBackground(
  background: BuiltinBackground,
  outPath: string,
  size: ClipSize = DEFAULT_CLIP,
  paths: FfmpegPaths = {},
  signal?: AbortSignal,
  pauseWhile?: () => Promise<boolean>,
): Promise<void> {
  const args = [
    '-v', 'error', '-nostdin', '-y',
    '-f', 'lavfi', '-i', background.graph(size),
    '-t', String(size.duration),
    '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-an',
    outPath,
  ];
  const program = paths.ffmpegPath ?? defaultMediaTool('ffmpeg');
  if (!pauseWhile) {
    await run(program, args, GENERATE_TIMEOUT_MS, signal, IDLE_PRIORITY);
    return;
  }
  // a clip is not started while renders run
  while (!signal?.aborted && (await pauseWhile().catch(() => false))) await sleep(PAUSE_POLL_MS, signal);
  signal?.throwIfAborted();
  await runPausable(program, args, signal, pauseWhile);
}

const GENERATE_TIMEOUT_MS = 10 * 60_000;

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });

/** `run` at IDLE_PRIORITY, stopped while `pauseWhile()` answers true; its time limit counts running time only. */
function runPausable(program: string, args: string[], signal: AbortSignal | undefined, pauseWhile: () => Promise<boolean>): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    if (child.pid) {
      try {
        setPriority(child.pid, IDLE_PRIORITY);
      } catch {
        // it already ended, or this system refuses: it runs at the normal priority (and still pauses)
      }
    }
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk).slice(-2000)));
    let isPaused = false;
    let isAsking = false;
    let ranMs = 0;
    let last = Date.now();
    let failure: Error | null = null;
    const stop = (error: Error) => {
      failure ??= error;
      // a stopped process still takes SIGKILL
      child.kill('SIGKILL');
    };
    const tick = setInterval(() => {
      const now = Date.now();
      if (!isPaused) ranMs += now - last;
      last = now;
      if (ranMs > GENERATE_TIMEOUT_MS) stop(new Error(`ffmpeg ran for more than ${GENERATE_TIMEOUT_MS / 1000} s`));
      if (isAsking) return;
      isAsking = true;
      void pauseWhile()
        .catch(() => false)
        .then((shouldPause) => {
          isAsking = false;
          if (child.exitCode !== null || child.signalCode !== null) return;
          if (shouldPause !== isPaused) child.kill(shouldPause ? 'SIGSTOP' : 'SIGCONT');
          isPaused = shouldPause;
        });
    }, PAUSE_POLL_MS);
    const onAbort = () => stop(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('error', (error) => stop(error));
    child.once('close', (code) => {
      clearInterval(tick);
      signal?.removeEventListener('abort', onAbort);
      if (failure) reject(Object.assign(failure, { stderr }));
      else if (code === 0) resolve();
      else reject(Object.assign(new Error(`ffmpeg exited with code ${code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`), { stderr }));
    });
  });
}
