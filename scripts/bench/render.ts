// npm run bench:render: the fast path against a plain Remotion render and against encoding alone,
// side by side in one run on this machine, printed as a table and as JSON.
//   text wall, 10 s 1080x1920 over a looping clip: (a) plain renderMedia, (b) the fast path,
//     (c) ffmpeg alone re-encoding the finished video (libx264 veryfast: the encoder's limit);
//   hook + demo composite: (a) and (b);
//   a bulk of BENCH_BULK (default 20) text-wall variants on the fast path, one after another as a
//     worker takes them: first-video latency and throughput against (a).
// Peak memory is the resident size of the whole process tree (node, Chromium, ffmpeg), sampled.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILTIN_BACKGROUNDS, generateBackground } from '@hookwall/media';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { startMediaServer } from '../../apps/worker/src/rendering/media-server.ts';
import { createRemotionRenderer } from '../../apps/worker/src/rendering/remotion-renderer.ts';
import { ensureVideoBundle } from '../../apps/worker/src/rendering/video-bundle.ts';

const BULK = Number(process.env.BENCH_BULK ?? 20);
const dir = mkdtempSync(join(tmpdir(), 'hookwall-bench-'));

/** Resident memory of this process and all its descendants, in bytes. */
function treeRss(): number {
  const children = new Map<number, number[]>();
  const rss = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const pid = Number(entry);
      const ppid = Number(fields[1]);
      rss.set(pid, Number(fields[21]) * 4096);
      children.set(ppid, [...(children.get(ppid) ?? []), pid]);
    } catch {
      // the process ended while we looked
    }
  }
  let total = 0;
  const stack = [process.pid];
  while (stack.length) {
    const pid = stack.pop()!;
    total += rss.get(pid) ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return total;
}

let peak = 0;
const sampler = setInterval(() => {
  peak = Math.max(peak, treeRss());
}, 200);

function psnr(a: string, b: string): number {
  const out = spawnSync('ffmpeg', ['-hide_banner', '-i', a, '-i', b, '-lavfi', 'psnr', '-f', 'null', '-'], { encoding: 'utf8' });
  return Number(/average:([\d.]+)/.exec(out.stderr)?.[1] ?? NaN);
}

async function timed<T>(work: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await work();
  return { ms: performance.now() - t0, value };
}

const media = await startMediaServer();
const localFiles = new Map<string, string>();
async function clip(name: string, background: number, width: number, height: number, seconds: number, withSound = false) {
  let path = join(dir, `${name}.mp4`);
  await generateBackground(BUILTIN_BACKGROUNDS[background]!, path, { width, height, duration: seconds, fps: 30 });
  if (withSound) {
    const out = join(dir, `${name}-sound.mp4`);
    execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', path, '-f', 'lavfi', '-i', `sine=f=330:d=${seconds}`, '-c:v', 'copy', '-c:a', 'aac', '-shortest', out]);
    path = out;
  }
  const url = await media.urlFor(path);
  localFiles.set(url, path);
  return { url, durationInSeconds: seconds };
}

console.log('preparing clips and the bundle…');
const background = await clip('background', 0, 1080, 1920, 6);
const hook = await clip('hook', 3, 1080, 1920, 3, true);
const demo = await clip('demo', 5, 1080, 1920, 6, true);
const renderer = createRemotionRenderer({ bundleDir: await ensureVideoBundle() });
await renderer.warm();

const wall = (text: string) => ({ text, background, durationInSeconds: 10, aspect: '9:16', style: { ...STYLE_PRESETS.bold.style, highlightWords: ['ads'] } });
const composite = { hook, demo, hookText: 'Wait for it 👀', demoText: 'Make 50 in one click', captionText: 'Free for 7 days', productName: 'Glow Serum' };

const out = (name: string) => join(dir, `${name}.mp4`);
console.log('text wall: plain Remotion render…');
const wallA = await timed(() => renderer.render({ compositionId: 'text-wall', inputProps: wall('Stop scrolling 🛑\nThis changes how you make ads'), outputPath: out('wall-a'), localFiles, engine: 'full' }));
console.log('text wall: fast path…');
const wallB = await timed(() => renderer.render({ compositionId: 'text-wall', inputProps: wall('Stop scrolling 🛑\nThis changes how you make ads'), outputPath: out('wall-b'), localFiles }));
console.log('text wall: encoding alone…');
const wallC = await timed(async () => {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', out('wall-a'), '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', out('wall-c')]);
});
console.log('hook + demo: plain Remotion render…');
const compA = await timed(() => renderer.render({ compositionId: 'hook-product-demo', inputProps: composite, outputPath: out('comp-a'), localFiles, engine: 'full' }));
console.log('hook + demo: fast path…');
const compB = await timed(() => renderer.render({ compositionId: 'hook-product-demo', inputProps: composite, outputPath: out('comp-b'), localFiles }));

console.log(`bulk of ${BULK} on the fast path…`);
const bulkStart = performance.now();
let firstDone = 0;
for (let i = 0; i < BULK; i++) {
  await renderer.render({ compositionId: 'text-wall', inputProps: wall(`Variant ${i + 1}: this changes how you make ads`), outputPath: out(`bulk-${i}`), localFiles });
  if (i === 0) firstDone = performance.now() - bulkStart;
}
const bulkMs = performance.now() - bulkStart;
clearInterval(sampler);

const wallFrames = wallA.value.durationInFrames;
const compFrames = compA.value.durationInFrames;
const fps = (frames: number, ms: number) => Math.round((frames / (ms / 1000)) * 10) / 10;
const round = (n: number, d = 2) => Math.round(n * 10 ** d) / 10 ** d;
const result = {
  machine: { cores: (await import('node:os')).availableParallelism(), node: process.version },
  textWall: {
    frames: wallFrames,
    plainMs: Math.round(wallA.ms),
    fastMs: Math.round(wallB.ms),
    encodeOnlyMs: Math.round(wallC.ms),
    plainFps: fps(wallFrames, wallA.ms),
    fastFps: fps(wallFrames, wallB.ms),
    encodeOnlyFps: fps(wallFrames, wallC.ms),
    speedupVsPlain: round(wallA.ms / wallB.ms),
    fastOverEncodeOnly: round(wallB.ms / wallC.ms),
    engine: wallB.value.engine,
    psnrDb: round(psnr(out('wall-b'), out('wall-a'))),
  },
  hookDemo: {
    frames: compFrames,
    plainMs: Math.round(compA.ms),
    fastMs: Math.round(compB.ms),
    plainFps: fps(compFrames, compA.ms),
    fastFps: fps(compFrames, compB.ms),
    speedupVsPlain: round(compA.ms / compB.ms),
    engine: compB.value.engine,
    psnrDb: round(psnr(out('comp-b'), out('comp-a'))),
  },
  bulk: {
    videos: BULK,
    totalMs: Math.round(bulkMs),
    firstVideoMs: Math.round(firstDone),
    videosPerMinute: round((BULK / bulkMs) * 60_000, 1),
    throughputVsPlain: round(wallA.ms / (bulkMs / BULK)),
  },
  peakTreeRssMb: Math.round(peak / 1024 / 1024),
};

console.table({
  'text wall, plain (a)': { ms: result.textWall.plainMs, fps: result.textWall.plainFps },
  'text wall, fast (b)': { ms: result.textWall.fastMs, fps: result.textWall.fastFps },
  'text wall, encode only (c)': { ms: result.textWall.encodeOnlyMs, fps: result.textWall.encodeOnlyFps },
  'hook + demo, plain (a)': { ms: result.hookDemo.plainMs, fps: result.hookDemo.plainFps },
  'hook + demo, fast (b)': { ms: result.hookDemo.fastMs, fps: result.hookDemo.fastFps },
  [`bulk of ${BULK}, fast`]: { ms: result.bulk.totalMs, fps: fps(wallFrames * BULK, bulkMs) },
});
console.log(
  `text wall: ${result.textWall.speedupVsPlain}x faster than plain (target 8x), ${result.textWall.fastOverEncodeOnly}x encoding alone (target 1.5x), PSNR ${result.textWall.psnrDb} dB\n` +
    `hook + demo: ${result.hookDemo.speedupVsPlain}x faster than plain (target 5x), PSNR ${result.hookDemo.psnrDb} dB\n` +
    `bulk: ${result.bulk.throughputVsPlain}x the plain throughput (target 6x), first video in ${(result.bulk.firstVideoMs / 1000).toFixed(1)} s (target 15 s)\n` +
    `peak resident memory of the worker's process tree: ${result.peakTreeRssMb} MB (target 1536 MB)`,
);
console.log(JSON.stringify(result, null, 2));

await renderer.close();
await media.close();
rmSync(dir, { recursive: true, force: true });
