import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Writable } from 'node:stream';
import type { ClipSegment, LayerPlan, RadialSegment } from '@hookwall/video/layers';
import { run, untrustedInput } from '@hookwall/media';
import { ffconcatList } from './chunks.ts';

/**
 * The fast path's encode: the clip track decoded and fitted by ffmpeg, the overlay's few rendered
 * frames (transparent PNGs) held between changes, both composed with `overlay` and encoded once.
 * Everything here is plain arguments to one ffmpeg process (no shell, no temporary file): the
 * overlay's PNGs reach it through its standard input as the browser renders them, so the encode
 * runs beside the browser instead of after it.
 */
export interface ComposeRequest {
  plan: LayerPlan;
  /** the size of the output (the plan's size times the render scale, even) */
  width: number;
  height: number;
  /** the overlay frames in the order they are sent: the plan's, or a chunk's (its held frame first) */
  overlayFrames: number[];
  /** the PNG of each of `overlayFrames`, in that order (it may still be rendering them) */
  overlay: AsyncIterable<Buffer>;
  /** only these frames (inclusive) are encoded: a chunk of a longer video */
  frameRange?: [number, number];
  /** the URL in the props of each clip, mapped to what ffmpeg reads (a local path or an http(s) URL) */
  sourceOf: (url: string) => string;
  /** what the compose needs to know of a clip (by URL): its sound and its colour matrix */
  probe: (url: string) => Promise<ClipFacts>;
  outputPath: string;
  /** also write this frame (of the output) as the video's JPEG thumbnail, at most 480 px wide, from the same encode */
  thumbnail?: { outputPath: string; frame: number };
  ffmpegPath: string;
  x264Preset: string;
  crf: number;
  /** encode a looping video's repeating part once and copy it (planLoopReuse); default true */
  reuseLoops?: boolean;
  signal?: AbortSignal;
  /** 0..1 of the frames encoded */
  onProgress?: (progress: number) => void;
}

export interface ClipFacts {
  hasAudio: boolean;
  /** the matrix its YUV was made with; untagged clips as the browser reads them (HD: BT.709, SD: BT.601) */
  colorMatrix: 'bt709' | 'bt601';
  /** its video's length (0 when unknown: a chunk then enters it from its start rather than by a seek) */
  durationSeconds?: number;
}

/**
 * The video frame each overlay image stands at, by its place in the stream: the first image also
 * stands for any frames before it (a chunk starts with the image held at its start), every other
 * at its own frame. Each image is shown until the next one.
 */
export function overlayTimeline(overlayFrames: number[], start = 0): number[] {
  return overlayFrames.map((frame, i) => (i === 0 ? 0 : frame - start));
}

/**
 * ffmpeg's setpts expression that puts the n-th image of the stream (N) at its frame, in units of
 * the stream's time base (1/fps): piecewise over runs of consecutive frames, so a text entrance of
 * 20 frames and a hold of 280 are one term each, not one per image.
 */
export function overlayPtsExpression(overlayFrames: number[], start = 0): string {
  const at = overlayTimeline(overlayFrames, start);
  const runs: { from: number; offset: number }[] = [];
  at.forEach((frame, i) => {
    const offset = frame - i;
    if (runs.at(-1)?.offset !== offset) runs.push({ from: i, offset });
  });
  const term = (offset: number) => (offset === 0 ? 'N' : `N+${offset}`);
  let expr = term(runs.at(-1)!.offset);
  for (let r = runs.length - 2; r >= 0; r--) expr = `if(lt(N,${runs[r + 1]!.from}),${term(runs[r]!.offset)},${expr})`;
  return expr;
}

/**
 * A text wall over a looping clip repeats itself once its text has settled: from the overlay's last
 * change (frame L) on, frame f and frame f + P (P the clip's loop) are the same picture, the same
 * held overlay over the same frame of the clip. So only frames [0, L + P) are encoded, cut into
 * pieces at L (and at L + r, where r is what is left over after the whole loops), each piece
 * starting with a keyframe; the rest of the video is those pieces again, joined by ffmpeg's concat
 * without a second encode. A 10 s wall over a 6 s clip encodes 6.6 s of video; a 60 s one, the same.
 * The copies show the clip exactly every P frames, as Remotion's <Loop> does.
 */
export interface LoopReuse {
  /** frames [0, encoded) are encoded */
  encoded: number;
  /** the first frame of each encoded piece, in order (0 first) */
  starts: number[];
  /** the pieces that make up the whole video, in order, by their index in `starts` */
  sequence: number[];
  /** the overlay is still from this frame on */
  heldFrom: number;
  /** the clip's loop, in frames */
  period: number;
}

export function planLoopReuse(plan: LayerPlan, frameRange?: [number, number]): LoopReuse | null {
  // a chunk is joined with others already; sound would need its own track: one encode, as before
  if (frameRange || plan.clips.length !== 1) return null;
  const clip = plan.clips[0]!;
  if (clip.kind !== 'clip' || !clip.loopFrames || clip.zoom || clip.withAudio || clip.frames !== plan.durationInFrames) return null;
  const total = plan.durationInFrames;
  const period = clip.loopFrames;
  const heldFrom = plan.renderFrames.at(-1) ?? 0;
  const encoded = heldFrom + period;
  // the join is a second (short) ffmpeg run: worth it when it spares at least a second of encoding
  if (total - encoded < plan.fps) return null;
  const rest = (total - encoded) % period;
  const starts = [...new Set([0, heldFrom, heldFrom + rest])].filter((s) => s < encoded).sort((a, b) => a - b);
  const end = (i: number) => starts[i + 1] ?? encoded;
  const sequence = starts.map((_, i) => i);
  for (let at = encoded; at < total; ) {
    const i = starts.indexOf(heldFrom + ((at - encoded) % period));
    if (i < 0 || at + end(i) - starts[i]! > total) return null;
    sequence.push(i);
    at += end(i) - starts[i]!;
  }
  return { encoded, starts, sequence, heldFrom, period };
}

/** The encoded frame that shows output frame `frame`: itself, or where its copy comes from. */
export function sourceFrame(reuse: LoopReuse, frame: number): number {
  return frame < reuse.encoded ? frame : reuse.heldFrom + ((frame - reuse.encoded) % reuse.period);
}

/** ffmpeg's concat list of the pieces (named by `name`), with each one's exact length: no drift over many joins. */
export function loopConcatList(reuse: LoopReuse, fps: number, name: (piece: number) => string): string {
  return ffconcatList(
    reuse.sequence.map((i) => ({ path: name(i), frames: (reuse.starts[i + 1] ?? reuse.encoded) - reuse.starts[i]! })),
    fps,
  );
}

function colorHex(color: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(color) ? `0x${color.slice(1)}` : '0x000000';
}

function rgbOf(color: string): [number, number, number] {
  const hex = /^#[0-9a-fA-F]{6}$/.test(color) ? color.slice(1) : '000000';
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];
}

/**
 * One frame of a radial gradient as the browser draws CSS `radial-gradient(circle at cx cy, from
 * 0%, to stop)`: sampled at pixel centres, the radius to the farthest corner, the colours mixed
 * in sRGB. Raw RGB, made here in a few milliseconds (ffmpeg's expression filter took seconds).
 */
export function radialGradientRgb(segment: Pick<RadialSegment, 'from' | 'to' | 'stop' | 'cx' | 'cy'>, width: number, height: number): Buffer {
  const [fr, fg, fb] = rgbOf(segment.from);
  const [tr, tg, tb] = rgbOf(segment.to);
  const cx = segment.cx * width;
  const cy = segment.cy * height;
  const radius = Math.hypot(Math.max(cx, width - cx), Math.max(cy, height - cy)) * segment.stop;
  const out = Buffer.allocUnsafe(width * height * 3);
  let at = 0;
  for (let y = 0; y < height; y++) {
    const dy = y + 0.5 - cy;
    for (let x = 0; x < width; x++) {
      const t = Math.min(1, Math.hypot(x + 0.5 - cx, dy) / radius);
      out[at++] = Math.round(fr + (tr - fr) * t);
      out[at++] = Math.round(fg + (tg - fg) * t);
      out[at++] = Math.round(fb + (tb - fb) * t);
    }
  }
  return out;
}

/** A scene's silence, `seconds` long (48 kHz stereo, as every clip's sound is made). */
const silenceSound = (seconds: string) => `anullsrc=r=48000:cl=stereo,atrim=duration=${seconds}`;

/** A clip's sound for its scene: from `startSeconds` in, exactly `seconds` long (silence after its end). */
const clipSound = (input: number, startSeconds: number, seconds: string) =>
  `[${input}:a]aresample=48000,aformat=channel_layouts=stereo,atrim=${startSeconds ? `start=${startSeconds.toFixed(6)}:` : ''}duration=${seconds},asetpts=PTS-STARTPTS,apad=whole_len=${Math.round(Number(seconds) * 48000)},asetpts=N/SR/TB`;

/**
 * The whole video's sound alone (AAC in an M4A), made from the clips as the compose makes it: the
 * sound of a chunked video. Each part's own sound is encoded on its own, and AAC's start-up delay
 * and last-frame padding left a dip of about 20 ms at every join; this is one encode, sample-exact
 * wherever the joins fall. Resolves false when the video has no sound (nothing is written).
 */
export async function composeSound(req: Pick<ComposeRequest, 'plan' | 'sourceOf' | 'probe' | 'outputPath' | 'ffmpegPath' | 'signal'>): Promise<boolean> {
  const { plan } = req;
  if (!plan.clips.some((c) => c.kind === 'clip' && c.withAudio)) return false;
  const facts = await Promise.all(plan.clips.map((c) => (c.kind === 'clip' && c.withAudio ? req.probe(c.url) : null)));
  const inputs: string[] = [];
  const filters: string[] = [];
  let index = 0;
  for (const [i, segment] of plan.clips.entries()) {
    const seconds = (segment.frames / plan.fps).toFixed(6);
    if (segment.kind === 'clip' && segment.withAudio && facts[i]?.hasAudio) {
      if (segment.loopFrames) inputs.push('-stream_loop', '-1');
      inputs.push(...untrustedInput(req.sourceOf(segment.url)));
      filters.push(`${clipSound(index++, 0, seconds)}[a${i}]`);
    } else filters.push(`${silenceSound(seconds)}[a${i}]`);
  }
  filters.push(`${plan.clips.map((_, i) => `[a${i}]`).join('')}concat=n=${plan.clips.length}:v=0:a=1,atrim=end=${(plan.durationInFrames / plan.fps).toFixed(6)}[aout]`);
  await run(req.ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...inputs, '-filter_complex', filters.join(';'), '-map', '[aout]', '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-f', 'mp4', req.outputPath], 120_000, req.signal).catch((error: unknown) => {
    throw new Error(`ffmpeg could not make the video's sound: ${String((error as { stderr?: string }).stderr ?? error).trim().split('\n').at(-1)}`);
  });
  return true;
}

/** Where a compose keeps the still layers it draws (removed with its pieces when it ends). */
const stillPath = (outputPath: string, index: number) => `${outputPath}.still-${index}.rgb`;

/**
 * The compose's ffmpeg arguments. With `pieces` (a looping video, see LoopReuse), the encode stops
 * after `reuse.encoded` frames and is written as numbered pieces by the segment muxer, `pieces`
 * being their path with `%d` for the number.
 */
export async function buildComposeArgs(req: ComposeRequest, pieces?: { reuse: LoopReuse; pattern: string }): Promise<string[]> {
  const { plan, width: W, height: H } = req;
  const fps = plan.fps;
  const inputs: string[] = [];
  const filters: string[] = [];
  const videoLabels: string[] = [];
  const audioLabels: string[] = [];
  let index = 0;
  const wantsAudio = plan.clips.some((c) => c.kind === 'clip' && c.withAudio);
  // a chunk draws only its own frames: the scenes before its range are left out, and the clip it
  // starts in is entered there (a seek for a clip played once, whole loops skipped for a looping
  // one), so the last chunk of a long video does not decode, scale and blend all the frames before it
  const [first, last] = req.frameRange ?? [0, (pieces?.reuse.encoded ?? plan.durationInFrames) - 1];
  const starts = plan.clips.map((_, i) => plan.clips.slice(0, i).reduce((sum, c) => sum + c.frames, 0));
  const inRange = plan.clips.map((c, i) => starts[i]! + c.frames > first && starts[i]! <= last);
  // the facts of the clips in the range at once: each is an ffprobe run, and ffmpeg starts only after them
  const clipFacts = await Promise.all(plan.clips.map((c, i) => (c.kind === 'clip' && inRange[i] ? req.probe(c.url) : null)));

  for (const [i, segment] of plan.clips.entries()) {
    if (!inRange[i]) continue;
    const from = starts[i]!;
    // this scene's frames before the range, and those in it
    const skip = Math.max(0, first - from);
    const keep = Math.min(segment.frames, last + 1 - from) - skip;
    const seconds = (keep / fps).toFixed(6);
    const silence = () => {
      if (!wantsAudio) return;
      filters.push(`${silenceSound(seconds)}[a${i}]`);
      audioLabels.push(`[a${i}]`);
    };
    if (segment.kind === 'radial') {
      // one frame, drawn here and repeated; faded in from black in YUV, as opacity over black is
      const input = index++;
      await writeFile(stillPath(req.outputPath, i), radialGradientRgb(segment, W, H));
      inputs.push('-f', 'rawvideo', '-pix_fmt', 'rgb24', '-video_size', `${W}x${H}`, '-framerate', String(fps), '-i', stillPath(req.outputPath, i));
      const fade = segment.fadeInFrames > skip ? `,fade=t=in:s=0:n=${segment.fadeInFrames}` : '';
      const frames = fade ? skip + keep : keep;
      const trim = fade && skip ? `,trim=start_frame=${skip},setpts=PTS-STARTPTS` : '';
      filters.push(`[${input}:v]loop=loop=${frames - 1}:size=1,setpts=N/FRAME_RATE/TB,scale=out_color_matrix=bt709:out_range=tv,format=yuv420p${fade}${trim},setsar=1[v${i}]`);
      videoLabels.push(`[v${i}]`);
      silence();
      continue;
    }
    if (segment.kind === 'color') {
      filters.push(`color=c=${colorHex(segment.color)}:s=${W}x${H}:r=${fps}:d=${seconds},format=yuv420p,setsar=1[v${i}]`);
      videoLabels.push(`[v${i}]`);
      silence();
      continue;
    }
    const clip: ClipSegment = segment;
    const facts = clipFacts[i]!;
    const input = index++;
    // where the clip is entered: a looping clip a whole number of loops on from its start (P frames
    // each, as <Loop>), at most one loop's frames then dropped; a clip played once by a seek, but
    // never past its last frame, which it holds
    const lastFrame = facts.durationSeconds ? Math.max(0, Math.floor(facts.durationSeconds * fps) - 1) : 0;
    const seekFrames = clip.loopFrames ? 0 : Math.min(skip, lastFrame);
    const drop = clip.loopFrames ? skip % clip.loopFrames : skip - seekFrames;
    if (clip.loopFrames) inputs.push('-stream_loop', '-1');
    // a hair before the frame's time, so that float rounding never drops the frame itself
    if (seekFrames > 0) inputs.push('-ss', (seekFrames / fps - 0.0001).toFixed(6));
    inputs.push(...untrustedInput(req.sourceOf(clip.url)));
    const chain = [`[${input}:v]fps=${fps}`];
    // Remotion's <Loop> restarts the clip every loopFrames frames; a clip shorter than its scene
    // holds its last frame
    if (!clip.loopFrames) chain.push(`tpad=stop_mode=clone:stop=${drop + keep}`);
    chain.push(drop ? `trim=start_frame=${drop}:end_frame=${drop + keep},setpts=PTS-STARTPTS` : `trim=end_frame=${keep}`);
    // cover-fit, into the output's matrix (BT.709) as the browser converts the clip's colours
    const matrix = facts.colorMatrix === 'bt601' ? ':in_color_matrix=bt601:out_color_matrix=bt709' : '';
    chain.push(`scale=${W}:${H}:force_original_aspect_ratio=increase:flags=bicubic${matrix}`, `crop=${W}:${H}`, 'setsar=1');
    if (clip.zoom) {
      // the push-in about the centre (CSS scale), from the scene's frame `skip` on; zoompan crops
      // and scales each frame on its own
      const on = skip ? `(on+${skip})` : 'on';
      const z = `min(1+${(clip.zoom.to - 1).toFixed(6)}*${on}/${clip.zoom.over},${clip.zoom.to})`;
      chain.push(`zoompan=z='${z}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=${W}x${H}:fps=${fps}`);
    }
    chain.push('format=yuv420p', 'setpts=N/FRAME_RATE/TB');
    filters.push(`${chain.join(',')}[v${i}]`);
    videoLabels.push(`[v${i}]`);
    if (wantsAudio && clip.withAudio && facts.hasAudio) {
      filters.push(`${clipSound(input, drop / fps, seconds)}[a${i}]`);
      audioLabels.push(`[a${i}]`);
    } else silence();
  }
  filters.push(`${videoLabels.join('')}concat=n=${videoLabels.length}:v=1:a=0[base]`);
  if (wantsAudio) filters.push(`${audioLabels.join('')}concat=n=${audioLabels.length}:v=0:a=1[amix]`);

  // the overlay: one PNG per change on the standard input, each put at its frame and shown until
  // the next (fps repeats it), made constant-rate. Chromium writes an opaque frame (an end card) as
  // RGB, a transparent one as RGBA: by default ffmpeg rebuilds the whole filter graph at such a
  // change, restarting every counter in it (the frame numbers setpts reads, the clips' zoom), so
  // the graph is kept (-reinit_filter 0) and the first scale converts whatever comes
  const overlayInput = index++;
  inputs.push('-reinit_filter', '0', '-f', 'png_pipe', '-framerate', String(fps), '-i', 'pipe:0');
  // converted once per PNG, before fps repeats it over the frames it holds (a held text layer is
  // one PNG for hundreds of frames), into the output's matrix (BT.709) as the browser converts it.
  // Blended at 4:2:0, the output's own sampling: against a 4:4:4 blend (the layer's edges at full
  // chroma, then subsampled) it differs by 53 dB PSNR, and it spares two whole-frame conversions per frame
  filters.push(`[${overlayInput}:v]setpts='${overlayPtsExpression(req.overlayFrames, first)}',scale=${W}:${H}:out_color_matrix=bt709:out_range=tv:flags=bicubic,format=yuva420p[ov]`);
  const thumbnailFrame = req.thumbnail ? Math.min(Math.max(0, pieces ? sourceFrame(pieces.reuse, req.thumbnail.frame) : req.thumbnail.frame), last - first) : null;
  const videoOut = thumbnailFrame === null ? '[vout]' : ',split=2[vout][vthumb]';
  filters.push(`[base][ov]overlay=eof_action=repeat:format=yuv420,trim=end_frame=${last - first + 1}${videoOut}`);
  // the thumbnail comes from the frames the encoder gets: no second decode of the finished video
  if (thumbnailFrame !== null) filters.push(`[vthumb]select='eq(n,${thumbnailFrame})',scale='min(480,iw)':-2[thumb]`);
  if (wantsAudio) filters.push(`[amix]atrim=end=${((last - first + 1) / fps).toFixed(6)}[aout]`);

  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    ...inputs,
    '-filter_complex', filters.join(';'),
    '-map', '[vout]',
    ...(wantsAudio ? ['-map', '[aout]', '-c:a', 'aac', '-b:a', '128k', '-ar', '48000'] : []),
    '-c:v', 'libx264', '-preset', req.x264Preset, '-crf', String(req.crf), '-pix_fmt', 'yuv420p',
    '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv',
    '-r', String(fps),
    '-progress', 'pipe:1', '-nostats',
    ...(pieces ? piecesOutput(pieces.reuse, pieces.pattern) : ['-movflags', '+faststart', req.outputPath]),
    ...(req.thumbnail ? ['-map', '[thumb]', '-frames:v', '1', '-q:v', '4', '-f', 'image2', '-update', '1', req.thumbnail.outputPath] : []),
  ];
}

/** Each piece starts with a keyframe (IDR: nothing in it refers to a frame before) and is a file of its own. */
function piecesOutput(reuse: LoopReuse, pattern: string): string[] {
  const cuts = reuse.starts.slice(1);
  return [
    ...(cuts.length ? ['-force_key_frames', `expr:${cuts.map((c) => `eq(n,${c})`).join('+')}`, '-forced-idr', '1', '-segment_frames', cuts.join(',')] : []),
    '-f', 'segment', '-segment_format', 'mp4', '-reset_timestamps', '1',
    pattern,
  ];
}

/**
 * Runs the compose, sending the overlay's PNGs as they come and reporting frames encoded; an abort
 * kills ffmpeg at once. A looping video's repeating part is encoded once and joined (LoopReuse).
 */
export async function compose(req: ComposeRequest): Promise<void> {
  try {
    await composeOnce(req);
  } finally {
    await Promise.all(req.plan.clips.map((c, i) => (c.kind === 'radial' ? rm(stillPath(req.outputPath, i), { force: true }) : null)));
  }
}

async function composeOnce(req: ComposeRequest): Promise<void> {
  const reuse = req.reuseLoops === false ? null : planLoopReuse(req.plan, req.frameRange);
  if (!reuse) return encode(req, await buildComposeArgs(req), (req.frameRange ? req.frameRange[1] - req.frameRange[0] : req.plan.durationInFrames - 1) + 1);
  // the pieces and their list live in a folder of their own beside the output, removed afterwards
  const dir = await mkdtemp(join(dirname(req.outputPath), 'loop-'));
  try {
    await encode(req, await buildComposeArgs(req, { reuse, pattern: join(dir, 'piece-%d.mp4') }), reuse.encoded);
    const list = join(dir, 'pieces.ffconcat');
    await writeFile(list, loopConcatList(reuse, req.plan.fps, (i) => `piece-${i}.mp4`));
    await run(req.ffmpegPath, ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'concat', '-i', list, '-map', '0:v', '-c', 'copy', '-movflags', '+faststart', req.outputPath], 120_000, req.signal).catch((error: unknown) => {
      throw new Error(`ffmpeg could not join the video's pieces: ${String((error as { stderr?: string }).stderr ?? error).trim().split('\n').at(-1)}`);
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
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

/**
 * The overlay frames in their order, whatever order the browser's tabs finish them in: `put` keeps
 * each until those before it are sent, `end` says the renderer is done, `fail` passes its error on.
 */
export function orderedFrames(frames: number[]) {
  const ready = new Map<number, Buffer>();
  let next = 0;
  let isEnded = false;
  let failure: { error: unknown } | null = null;
  let wake: (() => void) | null = null;
  const notify = () => {
    wake?.();
    wake = null;
  };
  return {
    put(frame: number, png: Buffer) {
      ready.set(frame, png);
      notify();
    },
    end() {
      isEnded = true;
      notify();
    },
    fail(error: unknown) {
      failure ??= { error };
      notify();
    },
    async *[Symbol.asyncIterator](): AsyncGenerator<Buffer> {
      while (next < frames.length) {
        if (failure) throw failure.error;
        const png = ready.get(frames[next]!);
        if (png) {
          ready.delete(frames[next]!);
          next++;
          yield png;
          continue;
        }
        if (isEnded) throw new Error(`overlay frame ${frames[next]} was not rendered`);
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
    },
  };
}

/** A clip's sound and colour matrix (ffprobe), for the composite's audio track and its colours. */
export async function probeClip(source: string, ffprobePath: string): Promise<ClipFacts> {
  const isUrl = /^https?:\/\//.test(source);
  const { stdout } = await run(ffprobePath, [
    '-v', 'error', '-protocol_whitelist', isUrl ? 'http,https,tcp,tls,crypto' : 'file',
    '-show_entries', 'stream=codec_type,width,height,color_space,duration:format=duration', '-of', 'json', isUrl ? source : `file:${source}`,
  ], 30_000);
  const probed = JSON.parse(stdout) as { streams?: { codec_type?: string; width?: number; height?: number; color_space?: string; duration?: string }[]; format?: { duration?: string } };
  const streams = probed.streams ?? [];
  const video = streams.find((st) => st.codec_type === 'video');
  const space = video?.color_space ?? 'unknown';
  const isHd = (video?.height ?? 0) >= 720 || (video?.width ?? 0) >= 1280;
  const colorMatrix = space === 'bt709' ? 'bt709' : ['smpte170m', 'bt470bg', 'fcc', 'smpte240m'].includes(space) ? 'bt601' : isHd ? 'bt709' : 'bt601';
  // the video stream's own length, else the file's (WebM streams carry none)
  const durationSeconds = [video?.duration, probed.format?.duration].map(Number).find((d) => Number.isFinite(d) && d > 0) ?? 0;
  return { hasAudio: streams.some((st) => st.codec_type === 'audio'), colorMatrix, durationSeconds };
}

/** The overlay frames a range of the video needs: the one held at its start, then every change in it. */
export function overlayFramesFor(renderFrames: number[], range?: [number, number]): number[] {
  if (!range) return renderFrames;
  const [first, last] = range;
  const held = renderFrames.filter((f) => f <= first).at(-1) ?? 0;
  return [held, ...renderFrames.filter((f) => f > first && f <= last)];
}
