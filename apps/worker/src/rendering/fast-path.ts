import { spawn } from 'node:child_process';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ClipSegment, LayerPlan } from '@hookwall/video/layers';
import { run, untrustedInput } from '@hookwall/media';

/**
 * The fast path's encode: the clip track decoded and fitted by ffmpeg, the overlay's few rendered
 * frames (transparent PNGs) held between changes, both composed with `overlay` and encoded once.
 * Everything here is plain arguments to one ffmpeg process (no shell, no temporary video).
 */
export interface ComposeRequest {
  plan: LayerPlan;
  /** the size of the output (the plan's size times the render scale, even) */
  width: number;
  height: number;
  /** the directory of the overlay frames, named by `overlayFileName` */
  overlayDir: string;
  /** the overlay frames on disk: the plan's, or a chunk's (its held frame first) */
  overlayFrames: number[];
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

export function overlayFileName(frame: number): string {
  return `f-${String(frame).padStart(6, '0')}.png`;
}

export const OVERLAY_LIST = 'overlay.ffconcat';

/**
 * The overlay as an ffconcat list: each rendered frame shown until the next one. Times are whole
 * microseconds of each frame's start, so 300 frames of 1/30 s never drift off the frame grid.
 */
export function overlayList(renderFrames: number[], durationInFrames: number, fps: number): string {
  const at = (frame: number) => Math.round((frame * 1_000_000) / fps);
  const lines = ['ffconcat version 1.0'];
  for (let i = 0; i < renderFrames.length; i++) {
    // the first image also stands for any frames before it (a chunk starts at its held frame)
    const frame = i === 0 ? 0 : renderFrames[i]!;
    const next = renderFrames[i + 1] ?? durationInFrames;
    // each image is read at the video's rate, so its timestamps are whole frames (image2's default 25 fps is not)
    lines.push(`file '${overlayFileName(renderFrames[i]!)}'`, `option framerate ${fps}`, `duration ${at(next) - at(frame)}us`);
  }
  // the last entry again, so its duration is kept by every ffmpeg version
  lines.push(`file '${overlayFileName(renderFrames.at(-1) ?? 0)}'`, `option framerate ${fps}`, `duration ${at(1)}us`);
  return `${lines.join('\n')}\n`;
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

  // the overlay: one PNG per change, each shown until the next (a concat list), made constant-rate
  const overlayInput = index++;
  inputs.push('-f', 'concat', '-safe', '0', '-protocol_whitelist', 'file', '-i', `file:${join(req.overlayDir, OVERLAY_LIST)}`);
  // converted once per PNG, before fps repeats it over the frames it holds (a held text layer is
  // one PNG for hundreds of frames), into the output's matrix (BT.709) as the browser converts it.
  // Blended at 4:2:0, the output's own sampling: against a 4:4:4 blend (the layer's edges at full
  // chroma, then subsampled) it differs by 53 dB PSNR, and it spares two whole-frame conversions per frame
  filters.push(`[${overlayInput}:v]format=rgba,scale=${W}:${H}:out_color_matrix=bt709:out_range=tv:flags=bicubic,format=yuva420p,fps=${fps}:round=near[ov]`);
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

/** Runs the compose, reporting frames encoded; an abort kills ffmpeg at once. */
export async function compose(req: ComposeRequest): Promise<void> {
  const args = await buildComposeArgs(req);
  await mkdir(req.overlayDir, { recursive: true });
  await writeFile(join(req.overlayDir, OVERLAY_LIST), overlayList(req.overlayFrames, req.plan.durationInFrames, req.plan.fps));
  await new Promise<void>((resolve, reject) => {
    const child = spawn(req.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: req.signal, killSignal: 'SIGKILL' });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /frame=(\d+)/g;
      let last: RegExpExecArray | null = null;
      for (let m = match.exec(chunk.toString()); m; m = match.exec(chunk.toString())) last = m;
      const [from, to] = req.frameRange ?? [0, req.plan.durationInFrames - 1];
      if (last) req.onProgress?.(Math.min(1, Number(last[1]) / (to - from + 1)));
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`ffmpeg could not compose the video (exit ${code}): ${stderr.trim().split('\n').at(-1) ?? ''}`));
    });
  });
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

/** Every overlay frame the plan needs is on disk (renderFrames wrote them). */
export async function assertOverlayFrames(dir: string, frames: number[]): Promise<void> {
  const present = new Set(await readdir(dir));
  const missing = frames.filter((f) => !present.has(overlayFileName(f)));
  if (missing.length) throw new Error(`overlay frames missing: ${missing.slice(0, 5).join(', ')}`);
}

export async function cleanDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}
