import { untrustedInput, type ClipFacts } from '@hookwall/media';
import type { ClipSegment, LayerPlan } from '@hookwall/video/layers';
import { ffmpegColor, placeClipFilters } from './clip-placement.ts';
import { ffconcatList } from './join.ts';
import { sourceFrame, type LoopReuse } from './plan.ts';
import { duckExpression, musicExpression } from '@hookwall/video/layers';

/**
 * The encoder settings of every video the worker makes, the fast path's compose and the full
 * render alike: x264's 'veryfast' preset at CRF 20 (visually clean at the platforms' sizes, and
 * the encode keeps pace with the browser's frames).
 */
export const ENCODING = { x264Preset: 'veryfast', crf: 20 } as const;

/**
 * The fast path's encode: the clip track decoded and fitted by ffmpeg, the overlay's few rendered
 * frames (transparent PNGs) held between changes, both composed with `overlay` and encoded once.
 * Everything here is plain arguments to one ffmpeg process (no shell, no temporary file): the
 * overlay's PNGs reach it through its standard input as the browser renders them, so the encode
 * runs beside the browser instead of after it. This module builds those arguments (pure: tested
 * without running ffmpeg); compose.ts runs them.
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
  /** what the compose needs to know of a clip (by its path or URL): its sound and its colour matrix (probeClip) */
  probe: (source: string) => Promise<ClipFacts>;
  outputPath: string;
  /** also write this frame (of the output) as the video's JPEG thumbnail, at most 480 px wide, from the same encode */
  thumbnail?: { outputPath: string; frame: number };
  ffmpegPath: string;
  /** the x264 preset and quality; ENCODING by default */
  x264Preset?: string;
  crf?: number;
  /** encode a looping video's repeating part once and copy it (planLoopReuse); default true */
  reuseLoops?: boolean;
  signal?: AbortSignal;
  /** 0..1 of the frames encoded */
  onProgress?: (progress: number) => void;
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

/** ffmpeg's concat list of the pieces (named by `name`), with each one's exact length: no drift over many joins. */
export function loopConcatList(reuse: LoopReuse, fps: number, name: (piece: number) => string): string {
  return ffconcatList(
    reuse.sequence.map((i) => ({ path: name(i), frames: (reuse.starts[i + 1] ?? reuse.encoded) - reuse.starts[i]! })),
    fps,
  );
}

/** A scene's silence, `seconds` long (48 kHz stereo, as every clip's sound is made). */
const silenceSound = (seconds: string) => `anullsrc=r=48000:cl=stereo,atrim=duration=${seconds}`;

/** A clip's sound for its scene: from `startSeconds` in, exactly `seconds` long (silence after its end). */
const clipSound = (input: number, startSeconds: number, seconds: string) =>
  `[${input}:a]aresample=48000,aformat=channel_layouts=stereo,atrim=${startSeconds ? `start=${startSeconds.toFixed(6)}:` : ''}duration=${seconds},asetpts=PTS-STARTPTS,apad=whole_len=${Math.round(Number(seconds) * 48000)},asetpts=N/SR/TB`;

/** The demuxer type of a voice's audio file (ffmpeg never guesses an input's format), from its name. */
export function audioContentType(url: string): string | undefined {
  const ext = url.split('?')[0]!.split('.').pop()?.toLowerCase();
  return ext === 'wav' ? 'audio/wav' : ext === 'm4a' || ext === 'mp4' ? 'audio/mp4' : undefined;
}

/**
 * A sound that starts `startSeconds` into the video (a voice-over), over the range of the video
 * from `firstSeconds`, `seconds` long: its part in the range, silence before its start and after
 * its end; all silence when the range starts after it.
 */
function laterSound(input: number, facts: ClipFacts | null, startSeconds: number, firstSeconds: number, seconds: string): string {
  const length = facts?.durationSeconds ?? Infinity;
  const from = firstSeconds - startSeconds;
  if (from >= length - 0.0005 || -from >= Number(seconds)) return silenceSound(seconds);
  if (from >= -0.0005) return clipSound(input, Math.max(0, from), seconds);
  const ms = Math.round(-from * 1000);
  return `[${input}:a]aresample=48000,aformat=channel_layouts=stereo,adelay=${ms}|${ms},atrim=duration=${seconds},asetpts=PTS-STARTPTS,apad=whole_len=${Math.round(Number(seconds) * 48000)},asetpts=N/SR/TB`;
}

/** What the sounds other than the clips' need to know: the voice's and the music's facts (their lengths). */
export interface SoundFacts {
  voice: ClipFacts | null;
  music: ClipFacts | null;
}
export const NO_SOUND_FACTS: SoundFacts = { voice: null, music: null };

/** A plan's voice and music (and what they need of it). */
type SoundPlan = Pick<LayerPlan, 'fps' | 'durationInFrames' | 'voice' | 'music'>;

/** Sums stereo sounds of the same length as they are (no normalising: the voice keeps its level). */
function sumSounds(labels: string[], out: string): string {
  if (labels.length === 1) return `${labels[0]}anull[${out}]`;
  const left = labels.map((_, i) => `c${2 * i}`).join('+');
  const right = labels.map((_, i) => `c${2 * i + 1}`).join('+');
  return `${labels.join('')}amerge=inputs=${labels.length},pan=stereo|c0=${left}|c1=${right}[${out}]`;
}

/**
 * The video's sound over a range (from `firstSeconds`, `seconds` long): the clips' sound (the
 * label `clips`, or null when they have none), the voice from its start, the music looped from the
 * video's start; the clips and the music lowered where the voice speaks (ducking.ts), the music
 * faded out at the video's end. Inputs are added from `index` on. Returns the label of the mix
 * (null: no sound) and the next input index.
 */
function mixSounds(plan: SoundPlan, facts: SoundFacts, range: { firstSeconds: number; seconds: string }, clips: string | null, index: number, inputs: string[], filters: string[], out: string): { label: string | null; index: number } {
  const labels: string[] = [];
  const spans = plan.voice?.spans ?? [];
  const total = plan.durationInFrames / plan.fps;
  if (clips) {
    if (spans.length) {
      filters.push(`[${clips}]volume='${duckExpression(spans, range.firstSeconds)}':eval=frame[${out}clipsd]`);
      labels.push(`[${out}clipsd]`);
    } else labels.push(`[${clips}]`);
  }
  if (plan.voice) {
    const input = index++;
    inputs.push(...untrustedInput(plan.voice.url, audioContentType(plan.voice.url)));
    filters.push(`${laterSound(input, facts.voice, plan.voice.startSeconds ?? 0, range.firstSeconds, range.seconds)}[${out}voice]`);
    labels.push(`[${out}voice]`);
  }
  if (plan.music) {
    // looped as long as the video lasts: a whole number of loops on, then trimmed into the range
    const input = index++;
    inputs.push('-stream_loop', '-1', ...untrustedInput(plan.music.url, audioContentType(plan.music.url)));
    const length = facts.music?.durationSeconds ?? 0;
    const into = length > 0 ? range.firstSeconds % length : range.firstSeconds;
    const trim = `atrim=${into > 0.0005 ? `start=${into.toFixed(6)}:` : ''}duration=${range.seconds}`;
    filters.push(
      `[${input}:a]aresample=48000,aformat=channel_layouts=stereo,${trim},asetpts=PTS-STARTPTS,volume='${musicExpression(plan.music.volume, spans, total, range.firstSeconds)}':eval=frame,apad=whole_len=${Math.round(Number(range.seconds) * 48000)},asetpts=N/SR/TB[${out}music]`,
    );
    labels.push(`[${out}music]`);
  }
  if (!labels.length) return { label: null, index };
  filters.push(sumSounds(labels, out));
  return { label: out, index };
}

/**
 * The whole video's sound alone (AAC in an M4A), made from the clips as the compose makes it: the
 * sound of a chunked video. Each part's own sound is encoded on its own, and AAC's start-up delay
 * and last-frame padding left a dip of about 20 ms at every join; this is one encode, sample-exact
 * wherever the joins fall. `facts` are the clips' (null for those without sound to use); null
 * when the video has no sound.
 */
export function soundArgs(plan: Pick<LayerPlan, 'clips' | 'fps' | 'durationInFrames' | 'voice' | 'music'>, facts: (ClipFacts | null)[], outputPath: string, sound: SoundFacts = NO_SOUND_FACTS): string[] | null {
  const clipAudio = plan.clips.some((c) => c.kind === 'clip' && c.withAudio);
  if (!clipAudio && !plan.voice && !plan.music) return null;
  const inputs: string[] = [];
  const filters: string[] = [];
  let index = 0;
  const total = (plan.durationInFrames / plan.fps).toFixed(6);
  if (clipAudio) {
    for (const [i, segment] of plan.clips.entries()) {
      const seconds = (segment.frames / plan.fps).toFixed(6);
      if (segment.kind === 'clip' && segment.withAudio && facts[i]?.hasAudio) {
        if (segment.loopFrames) inputs.push('-stream_loop', '-1');
        inputs.push(...untrustedInput(segment.url));
        filters.push(`${clipSound(index++, 0, seconds)}[a${i}]`);
      } else filters.push(`${silenceSound(seconds)}[a${i}]`);
    }
    filters.push(`${plan.clips.map((_, i) => `[a${i}]`).join('')}concat=n=${plan.clips.length}:v=0:a=1,atrim=end=${total}[clips]`);
  }
  mixSounds(plan, sound, { firstSeconds: 0, seconds: total }, clipAudio ? 'clips' : null, index, inputs, filters, 'aout');
  return ['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', ...inputs, '-filter_complex', filters.join(';'), '-map', '[aout]', '-c:a', 'aac', '-b:a', '128k', '-ar', '48000', '-f', 'mp4', outputPath];
}

/**
 * A looping video's pieces joined (LoopReuse), with its voice and music made whole over them: the
 * pieces are encoded without them (neither repeats with the loop), the pictures are copied and the
 * sound encoded once, as long as the video.
 */
export function loopJoinArgs(list: string, plan: SoundPlan, sound: SoundFacts, outputPath: string): string[] {
  const total = (plan.durationInFrames / plan.fps).toFixed(6);
  const inputs: string[] = [];
  const filters: string[] = [];
  const { label } = mixSounds(plan, sound, { firstSeconds: 0, seconds: total }, null, 1, inputs, filters, 'aout');
  return [
    '-hide_banner', '-loglevel', 'error', '-nostdin', '-y',
    '-f', 'concat', '-i', list,
    ...inputs,
    ...(label ? ['-filter_complex', filters.join(';'), '-map', '0:v', '-map', '[aout]', '-c:v', 'copy', '-c:a', 'aac', '-b:a', '128k', '-ar', '48000'] : ['-map', '0:v', '-c', 'copy']),
    '-movflags', '+faststart', outputPath,
  ];
}

/** Where a compose keeps the still layers it draws (removed with its pieces when it ends). */
export const stillPath = (outputPath: string, index: number) => `${outputPath}.still-${index}.rgb`;

/** The frames (inclusive) a compose encodes: its range, the looping part, or the whole video. */
export function encodedRange(req: Pick<ComposeRequest, 'plan' | 'frameRange'>, reuse?: LoopReuse | null): [number, number] {
  return req.frameRange ?? [0, (reuse?.encoded ?? req.plan.durationInFrames) - 1];
}

function clipStarts(plan: LayerPlan): number[] {
  return plan.clips.map((_, i) => plan.clips.slice(0, i).reduce((sum, c) => sum + c.frames, 0));
}

/**
 * The plan's segments a range of frames shows: a chunk draws only its own frames, so the scenes
 * before its range are left out (not decoded, scaled and blended) and their clips not probed.
 */
export function clipsInRange(plan: LayerPlan, [first, last]: [number, number]): boolean[] {
  const starts = clipStarts(plan);
  return plan.clips.map((c, i) => starts[i]! + c.frames > first && starts[i]! <= last);
}

/**
 * The compose's ffmpeg arguments, from the facts of the clips it reads (`clipFacts`, by the
 * plan's clips; null for those out of the range: see clipsInRange) and the still layers it draws
 * (`stillPath`, written by the runner). With `pieces` (a looping video, see LoopReuse), the encode
 * stops after `reuse.encoded` frames and is written as numbered pieces by the segment muxer,
 * `pieces` being their path with `%d` for the number.
 */
export function buildComposeArgs(req: Omit<ComposeRequest, 'overlay' | 'probe'>, clipFacts: (ClipFacts | null)[], pieces?: { reuse: LoopReuse; pattern: string }, sound: SoundFacts = NO_SOUND_FACTS): string[] {
  const { plan, width: W, height: H } = req;
  const fps = plan.fps;
  const inputs: string[] = [];
  const filters: string[] = [];
  const videoLabels: string[] = [];
  const audioLabels: string[] = [];
  let index = 0;
  const clipAudio = plan.clips.some((c) => c.kind === 'clip' && c.withAudio);
  // a looping video's pieces carry no voice or music: they are added, whole, where the pieces are joined (loopJoinArgs)
  const soundPlan: SoundPlan = pieces ? { fps, durationInFrames: plan.durationInFrames, voice: null, music: null } : plan;
  // a chunk draws only its own frames: the scenes before its range are left out, and the clip it
  // starts in is entered there (a seek for a clip played once, whole loops skipped for a looping
  // one), so the last chunk of a long video does not decode, scale and blend all the frames before it
  const [first, last] = encodedRange(req, pieces?.reuse);
  const starts = clipStarts(plan);
  const inRange = clipsInRange(plan, [first, last]);

  for (const [i, segment] of plan.clips.entries()) {
    if (!inRange[i]) continue;
    const from = starts[i]!;
    // this scene's frames before the range, and those in it
    const skip = Math.max(0, first - from);
    const keep = Math.min(segment.frames, last + 1 - from) - skip;
    const seconds = (keep / fps).toFixed(6);
    const silence = () => {
      if (!clipAudio) return;
      filters.push(`${silenceSound(seconds)}[a${i}]`);
      audioLabels.push(`[a${i}]`);
    };
    if (segment.kind === 'radial') {
      // one frame, drawn here and repeated; faded in from black in YUV, as opacity over black is
      const input = index++;
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
      filters.push(`color=c=${ffmpegColor(segment.color)}:s=${W}x${H}:r=${fps}:d=${seconds},format=yuv420p,setsar=1[v${i}]`);
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
    inputs.push(...untrustedInput(clip.url));
    const chain = [`[${input}:v]fps=${fps}`];
    // Remotion's <Loop> restarts the clip every loopFrames frames; a clip shorter than its scene
    // holds its last frame
    if (!clip.loopFrames) chain.push(`tpad=stop_mode=clone:stop=${drop + keep}`);
    chain.push(drop ? `trim=start_frame=${drop}:end_frame=${drop + keep},setpts=PTS-STARTPTS` : `trim=end_frame=${keep}`);
    filters.push(`${chain.join(',')}[t${i}]`);
    // placed in the frame as the style says (cover, contain with bars, or over its blurred copy)
    filters.push(...placeClipFilters({ placement: clip.placement, width: W, height: H, compositionWidth: plan.width, compositionHeight: plan.height, facts, fps }, `[t${i}]`, `[p${i}]`));
    const placed = [];
    if (clip.zoom) {
      // the push-in about the centre (CSS scale), from the scene's frame `skip` on; zoompan crops
      // and scales each frame on its own
      const on = skip ? `(on+${skip})` : 'on';
      const z = `min(1+${(clip.zoom.to - 1).toFixed(6)}*${on}/${clip.zoom.over},${clip.zoom.to})`;
      placed.push(`zoompan=z='${z}':x='iw/2-iw/zoom/2':y='ih/2-ih/zoom/2':d=1:s=${W}x${H}:fps=${fps}`);
    }
    placed.push('format=yuv420p', 'setpts=N/FRAME_RATE/TB');
    filters.push(`[p${i}]${placed.join(',')}[v${i}]`);
    videoLabels.push(`[v${i}]`);
    if (clipAudio && clip.withAudio && facts.hasAudio) {
      filters.push(`${clipSound(input, drop / fps, seconds)}[a${i}]`);
      audioLabels.push(`[a${i}]`);
    } else silence();
  }
  // concat counts the segments' times in microseconds, each next one from the end of the last
  // frame before it, rounded down: a segment after 20 frames started at 666666 us, before the
  // overlay's image for frame 20 (666667 us), which then showed a frame late. Frame numbers, exactly
  filters.push(`${videoLabels.join('')}concat=n=${videoLabels.length}:v=1:a=0,settb=1/${fps},setpts=N[base]`);
  if (clipAudio) filters.push(`${audioLabels.join('')}concat=n=${audioLabels.length}:v=0:a=1[clips]`);
  // the voice and the music, more inputs, over this range: mixed with the clips' sound, which is lowered under the voice
  const mixed = mixSounds(soundPlan, sound, { firstSeconds: first / fps, seconds: ((last - first + 1) / fps).toFixed(6) }, clipAudio ? 'clips' : null, index, inputs, filters, 'amix');
  index = mixed.index;
  const wantsAudio = mixed.label !== null;

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
    '-c:v', 'libx264', '-preset', req.x264Preset ?? ENCODING.x264Preset, '-crf', String(req.crf ?? ENCODING.crf), '-pix_fmt', 'yuv420p',
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

