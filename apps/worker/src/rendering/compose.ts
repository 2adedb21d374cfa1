import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import { run, type ClipFacts } from '@hookwall/media';
import { buildComposeArgs, clipsInRange, encodedRange, loopConcatList, loopJoinArgs, soundArgs, stillPath, type ComposeRequest, type SoundFacts } from './compose-graph.ts';
import { radialGradientRgb } from './radial-gradient.ts';
import { encodedPlan, planLoopReuse, sourceFrame, type LoopReuse } from './plan.ts';

/**
 * Runs the compose, sending the overlay's PNGs as they come and reporting frames encoded; an abort
 * kills ffmpeg at once. A looping video's repeating part is encoded once and joined (LoopReuse).
 */
export async function compose(req: ComposeRequest & { loopReuse?: LoopReuse | null }): Promise<void> {
  try {
    await composeOnce(req);
  } finally {
    await Promise.all(req.plan.clips.map((c, i) => (c.kind === 'radial' ? rm(stillPath(req.outputPath, i), { force: true }) : null)));
  }
}

async function composeOnce(req: ComposeRequest & { loopReuse?: LoopReuse | null }): Promise<void> {
  // the render's plan made it (RenderPlan.loopReuse); a compose asked for alone plans it here
  const reuse = req.frameRange ? null : req.loopReuse === undefined ? planLoopReuse(req.plan) : req.loopReuse;
  if (!reuse) {
    const [first, last] = encodedRange(req);
    const [facts, sound] = await Promise.all([clipFacts(req, [first, last]), soundFacts(req)]);
    return encode(req, buildComposeArgs(req, facts, undefined, sound), last - first + 1);
  }
  // what is encoded: the loop's frames and, after them, an end card's (encodedPlan), the overlay's frames moved with them
  const pieceReq = { ...req, plan: encodedPlan(req.plan, reuse), overlayFrames: req.overlayFrames.map((f) => sourceFrame(reuse, f)) };
  const [facts, sound] = await Promise.all([clipFacts(pieceReq, encodedRange(pieceReq, reuse)), soundFacts(req)]);
  // the pieces and their list live in a folder of their own beside the output, removed afterwards
  const dir = await mkdtemp(join(dirname(req.outputPath), 'loop-'));
  try {
    await encode(req, buildComposeArgs(pieceReq, facts, { reuse, pattern: join(dir, 'piece-%d.mp4') }), reuse.encoded);
    const list = join(dir, 'pieces.ffconcat');
    await writeFile(list, loopConcatList(reuse, req.plan.fps, (i) => `piece-${i}.mp4`));
    // the pictures copied; a voice and music made whole over them here (they do not repeat with the loop)
    await run(req.ffmpegPath, loopJoinArgs(list, req.plan, sound, req.outputPath), 120_000, req.signal).catch((error: unknown) => {
      throw new Error(`ffmpeg could not join the video's pieces: ${lastLine(error)}`);
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const lastLine = (error: unknown) => String((error as { stderr?: string }).stderr ?? error).trim().split('\n').at(-1);

/**
 * What the compose's arguments need before ffmpeg starts: the facts of the clips in the range, at
 * once (each is an ffprobe run), and the still layers it draws, written beside the output.
 */
async function clipFacts(req: ComposeRequest, range: [number, number]): Promise<(ClipFacts | null)[]> {
  const inRange = clipsInRange(req.plan, range);
  await Promise.all(req.plan.clips.map((c, i) => (c.kind === 'radial' && inRange[i] ? writeFile(stillPath(req.outputPath, i), radialGradientRgb(c, req.width, req.height)) : null)));
  return Promise.all(req.plan.clips.map((c, i) => (c.kind === 'clip' && inRange[i] ? req.probe(c.url) : null)));
}

/** The voice's and the music's facts (their lengths), for those the video has. */
async function soundFacts(req: { plan: Pick<ComposeRequest['plan'], 'voice' | 'music'>; probe: ComposeRequest['probe'] }): Promise<SoundFacts> {
  const [voice, music] = await Promise.all([req.plan.voice ? req.probe(req.plan.voice.url) : null, req.plan.music ? req.probe(req.plan.music.url) : null]);
  return { voice, music };
}

/** The compose's arguments for a range, its clips probed and its stills written (tests look at them). */
export async function composeArgs(req: ComposeRequest): Promise<string[]> {
  return buildComposeArgs(req, await clipFacts(req, encodedRange(req)), undefined, await soundFacts(req));
}

/** The whole video's sound alone (see soundArgs); false when it has none (nothing is written). */
export async function composeSound(req: Pick<ComposeRequest, 'probe' | 'outputPath' | 'ffmpegPath' | 'signal'> & { plan: Pick<ComposeRequest['plan'], 'clips' | 'fps' | 'durationInFrames' | 'voice' | 'music'> }): Promise<boolean> {
  const facts = await Promise.all(req.plan.clips.map((c) => (c.kind === 'clip' && c.withAudio ? req.probe(c.url) : null)));
  const args = soundArgs(req.plan, facts, req.outputPath, await soundFacts(req));
  if (!args) return false;
  await run(req.ffmpegPath, args, 120_000, req.signal).catch((error: unknown) => {
    throw new Error(`ffmpeg could not make the video's sound: ${lastLine(error)}`);
  });
  return true;
}

async function encode(req: ComposeRequest, args: string[], frameCount: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const child = spawn(req.ffmpegPath, args, { stdio: ['pipe', 'pipe', 'pipe'], signal: req.signal, killSignal: 'SIGKILL' });
    let stderr = '';
    let sendError: unknown = null;
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      const match = /frame=(\d+)/g;
      let last: RegExpExecArray | null = null;
      for (let m = match.exec(text); m; m = match.exec(text)) last = m;
      if (last) req.onProgress?.(Math.min(1, Number(last[1]) / frameCount));
    });
    // a write to an ffmpeg that already ended fails with EPIPE: its exit says why
    child.stdin.on('error', () => undefined);
    sendOverlay(req.overlay, child.stdin).catch((error: unknown) => {
      // the overlay could not be rendered: ffmpeg must not finish a video without it
      sendError = error;
      child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (sendError) reject(sendError);
      else if (code === 0) resolve();
      else reject(new Error(`ffmpeg could not compose the video (exit ${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
}

async function sendOverlay(frames: AsyncIterable<Buffer>, stdin: Writable): Promise<void> {
  for await (const png of frames) {
    if (stdin.destroyed) return;
    if (!stdin.write(png)) await new Promise<void>((resolve) => {
      const done = () => {
        stdin.off('drain', done);
        stdin.off('close', done);
        resolve();
      };
      stdin.on('drain', done);
      stdin.on('close', done);
    });
  }
  stdin.end();
}
