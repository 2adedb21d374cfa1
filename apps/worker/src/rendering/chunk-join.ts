import { createWriteStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { probeClip } from '@hookwall/media';
import { defaultMediaTool } from '@hookwall/binaries';
import { joinParts } from './join.ts';
import type { RenderPlan } from './plan.ts';
import { partKey, type RenderContext } from './render-context.ts';
import * as repo from './render-jobs.repository.ts';
import { RenderCancelledError } from './renderer.ts';

/** Deletes the render's stored parts (each key is taken once, so many pieces may call it). */
export async function deleteParts(ctx: RenderContext, found: repo.RenderJobRow, alsoIndex?: number) {
  const keys = await repo.takePartKeys(ctx.db, found.id).catch(() => [] as string[]);
  if (alsoIndex !== undefined) keys.push(partKey(found, alsoIndex));
  await Promise.all(keys.map((key) => ctx.storage.delete(key).catch(() => undefined)));
}

/** Joins the done parts of a long render into `output`; the sound is made whole from the clips (see joinParts). */
export async function joinChunks(ctx: RenderContext, found: repo.RenderJobRow, plan: RenderPlan, dir: string, output: string, signal: AbortSignal): Promise<{ engine: 'fast' | 'remotion'; chunks: number }> {
  const chunks = await repo.listChunks(ctx.db, found.id);
  if (!chunks.length || chunks.some((c) => c.status !== 'done')) throw new Error('a chunk of the video is missing');
  const parts: { path: string; frames: number }[] = [];
  for (const c of chunks) {
    if (signal.aborted) throw new RenderCancelledError();
    const path = join(dir, `joined-part-${c.index}.mp4`);
    await pipeline(await ctx.storage.read(partKey(found, c.index)), createWriteStream(path));
    parts.push({ path, frames: c.frameEnd - c.frameStart + 1 });
  }
  // the sound is made whole, from the clips, rather than joined from the parts (see joinParts)
  const soundPath = join(dir, 'sound.m4a');
  const sound = await ctx.renderer.sound({ plan, outputPath: soundPath, signal }).catch((error: unknown) => {
    if (signal.aborted) throw new RenderCancelledError();
    ctx.log?.error({ err: String(error), renderJob: found.id }, 'the sound could not be made whole: the parts\' sound is joined');
    return 'unplanned' as const;
  });
  const { hasAudio } = sound === 'unplanned' ? await probeClip(parts[0]!.path, ctx.ffmpeg) : { hasAudio: false };
  await joinParts({ parts, fps: plan.fps, outputPath: output, workDir: dir, hasAudio, soundPath: sound === 'written' ? soundPath : undefined, ffmpegPath: ctx.ffmpeg.ffmpegPath ?? defaultMediaTool('ffmpeg'), signal });
  return { engine: chunks.some((c) => c.engine === 'remotion') ? 'remotion' : 'fast', chunks: chunks.length };
}
