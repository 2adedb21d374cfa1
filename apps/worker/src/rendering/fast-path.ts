import { spawn } from 'node:child_process';
import type { Writable } from 'node:stream';
import type { ClipSegment, LayerPlan } from '@hookwall/video/layers';
import { run, untrustedInput } from '@hookwall/media';

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
  ffmpegPath: string;
  x264Preset: string;
  crf: number;
  signal?: AbortSignal;
  /** 0..1 of the frames encoded */
  onProgress?: (progress: number) => void;
}

export interface ClipFacts {
  hasAudio: boolean;
  /** the matrix its YUV was made with; untagged clips as the browser reads them (HD: BT.709, SD: BT.601) */
  colorMatrix: 'bt709' | 'bt601';
}

/**
 * The video frame each overlay image stands at, by its place in the stream: the first image also
 * stands for any frames before it (a chunk starts with the image held at its start), every other
 * at its own frame. Each image is shown until the next one.
 */
export function overlayTimeline(overlayFrames: number[]): number[] {
  return overlayFrames.map((frame, i) => (i === 0 ? 0 : frame));
}

/**
 * ffmpeg's setpts expression that puts the n-th image of the stream (N) at its frame, in units of
 * the stream's time base (1/fps): piecewise over runs of consecutive frames, so a text entrance of
 * 20 frames and a hold of 280 are one term each, not one per image.
 */
export function overlayPtsExpression(overlayFrames: number[]): string {
  const at = overlayTimeline(overlayFrames);
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

function colorHex(color: string): string {
  return /^#[0-9a-fA-F]{6}$/.test(color) ? `0x${color.slice(1)}` : '0x000000';
}

export async function buildComposeArgs(req: ComposeRequest): Promise<string[]> {
  const { plan, width: W, height: H } = req;
  const fps = plan.fps;
  const inputs: string[] = [];
  const filters: string[] = [];
  const videoLabels: string[] = [];
  const audioLabels: string[] = [];
  let index = 0;
  const wantsAudio = plan.clips.some((c) => c.kind === 'clip' && c.withAudio);

  for (const [i, segment] of plan.clips.entries()) {
    const seconds = (segment.frames / fps).toFixed(6);
    if (segment.kind === 'color') {
      filters.push(`color=c=${colorHex(segment.color)}:s=${W}x${H}:r=${fps}:d=${seconds},format=yuv420p,setsar=1[v${i}]`);
      videoLabels.push(`[v${i}]`);
      if (wantsAudio) {
        filters.push(`anullsrc=r=48000:cl=stereo,atrim=duration=${seconds}[a${i}]`);
        audioLabels.push(`[a${i}]`);
      }
      continue;
    }
    const clip: ClipSegment = segment;
    const facts = await req.probe(clip.url);
    const input = index++;
    if (clip.loopFrames) inputs.push('-stream_loop', '-1');
    inputs.push(...untrustedInput(req.sourceOf(clip.url)));
    const chain = [`[${input}:v]fps=${fps}`];
    // Remotion's <Loop> restarts the clip every loopFrames frames
    if (clip.loopFrames) chain.push(`trim=end_frame=${clip.frames}`);
    // a clip shorter than its scene holds its last frame
    if (!clip.loopFrames) chain.push(`tpad=stop_mode=clone:stop=${clip.frames}`, `trim=end_frame=${clip.frames}`);
    // cover-fit, into the output's matrix (BT.709) as the browser converts the clip's colours
    const matrix = facts.colorMatrix === 'bt601' ? ':in_color_matrix=bt601:out_color_matrix=bt709' : '';
    chain.push(`scale=${W}:${H}:force_original_aspect_ratio=increase:flags=bicubic${matrix}`, `crop=${W}:${H}`, 'setsar=1');
    if (clip.zoom) {
      // the push-in about the centre (CSS scale); zoompan crops and scales each frame on its own
      const z = `min(1+${(clip.zoom.to - 1).toFixed(6)}*on/${clip.zoom.over},${clip.zoom.to})`;
      chain.push(`zoompan=z='${z}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=${W}x${H}:fps=${fps}`);
    }
    chain.push('format=yuv420p', 'setpts=N/FRAME_RATE/TB');
    filters.push(`${chain.join(',')}[v${i}]`);
    videoLabels.push(`[v${i}]`);
    if (wantsAudio) {
      if (clip.withAudio && facts.hasAudio) {
        filters.push(`[${input}:a]aresample=48000,aformat=channel_layouts=stereo,atrim=duration=${seconds},apad=whole_dur=${seconds},asetpts=N/SR/TB[a${i}]`);
      } else {
        filters.push(`anullsrc=r=48000:cl=stereo,atrim=duration=${seconds}[a${i}]`);
      }
      audioLabels.push(`[a${i}]`);
    }
  }
  filters.push(`${videoLabels.join('')}concat=n=${videoLabels.length}:v=1:a=0[base]`);
  if (wantsAudio) filters.push(`${audioLabels.join('')}concat=n=${audioLabels.length}:v=0:a=1[amix]`);
  const [first, last] = req.frameRange ?? [0, plan.durationInFrames - 1];

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
  filters.push(`[${overlayInput}:v]setpts='${overlayPtsExpression(req.overlayFrames)}',scale=${W}:${H}:out_color_matrix=bt709:out_range=tv:flags=bicubic,format=yuva420p,fps=${fps}:round=near[ov]`);
  filters.push(`[base][ov]overlay=eof_action=repeat:format=yuv420,trim=start_frame=${first}:end_frame=${last + 1},setpts=PTS-STARTPTS[vout]`);
  if (wantsAudio) filters.push(`[amix]atrim=start=${(first / fps).toFixed(6)}:end=${((last + 1) / fps).toFixed(6)},asetpts=PTS-STARTPTS[aout]`);

  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    ...inputs,
    '-filter_complex', filters.join(';'),
    '-map', '[vout]',
    ...(wantsAudio ? ['-map', '[aout]', '-c:a', 'aac', '-b:a', '128k', '-ar', '48000'] : []),
    '-c:v', 'libx264', '-preset', req.x264Preset, '-crf', String(req.crf), '-pix_fmt', 'yuv420p',
    '-colorspace', 'bt709', '-color_primaries', 'bt709', '-color_trc', 'bt709', '-color_range', 'tv',
    '-r', String(fps), '-frames:v', String(last - first + 1),
    '-movflags', '+faststart',
    '-progress', 'pipe:1', '-nostats',
    req.outputPath,
  ];
}

/** Runs the compose, sending the overlay's PNGs as they come and reporting frames encoded; an abort kills ffmpeg at once. */
export async function compose(req: ComposeRequest): Promise<void> {
  const args = await buildComposeArgs(req);
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
      const [from, to] = req.frameRange ?? [0, req.plan.durationInFrames - 1];
      if (last) req.onProgress?.(Math.min(1, Number(last[1]) / (to - from + 1)));
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
    '-show_entries', 'stream=codec_type,width,height,color_space', '-of', 'json', isUrl ? source : `file:${source}`,
  ], 30_000);
  const streams = (JSON.parse(stdout) as { streams?: { codec_type?: string; width?: number; height?: number; color_space?: string }[] }).streams ?? [];
  const video = streams.find((st) => st.codec_type === 'video');
  const space = video?.color_space ?? 'unknown';
  const isHd = (video?.height ?? 0) >= 720 || (video?.width ?? 0) >= 1280;
  const colorMatrix = space === 'bt709' ? 'bt709' : ['smpte170m', 'bt470bg', 'fcc', 'smpte240m'].includes(space) ? 'bt601' : isHd ? 'bt709' : 'bt601';
  return { hasAudio: streams.some((st) => st.codec_type === 'audio'), colorMatrix };
}

/** The overlay frames a range of the video needs: the one held at its start, then every change in it. */
export function overlayFramesFor(renderFrames: number[], range?: [number, number]): number[] {
  if (!range) return renderFrames;
  const [first, last] = range;
  const held = renderFrames.filter((f) => f <= first).at(-1) ?? 0;
  return [held, ...renderFrames.filter((f) => f > first && f <= last)];
}
