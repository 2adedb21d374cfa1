import type { Db } from '@hookwall/db';
import type { ClaimedJob } from '@hookwall/jobs';
import type { FfmpegPaths } from '@hookwall/media';
import type { Storage } from '@hookwall/storage';
import type { RenderLog } from './browser.ts';
import type { Renderer } from './renderer.ts';
import type { RenderJobRow } from './render-jobs.repository.ts';

/** A render's lease: renewed every second while it runs, so a killed worker's job is retried within this. */
export const RENDER_LEASE_SECONDS = 30;

/** What the render jobs' modules share: the worker's database, storage, engine and settings. */
export interface RenderContext {
  db: Db;
  storage: Storage;
  renderer: Renderer;
  ffmpeg: FfmpegPaths;
  workDir?: string;
  /** a render longer than this many seconds is split into chunks (render-handler.ts) */
  chunkSeconds?: number;
  log?: RenderLog;
  /** this process, as chunk leases name it */
  workerName: string;
}

/** A render that ended: nothing of it is rendered any more. */
export const hasEnded = (status: string) => status === 'completed' || status === 'failed' || status === 'cancelled';

export function userReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n').find((line) => line.trim()) ?? 'unknown error';
  return `The render failed: ${first.trim().slice(0, 300)}`;
}

export const partKey = (found: Pick<RenderJobRow, 'teamId' | 'id'>, index: number) => `teams/${found.teamId}/renders/${found.id}.part-${index}.mp4`;

export const interrupted = (times: number) => `The render was interrupted ${times} times (the worker stopped); please try again.`;

/** Runs `work` in one of this process's render slots, keeping the job's lease while it waits for one (render-handler.ts). */
export type InSlot = (job: ClaimedJob, stopping: AbortSignal | undefined, work: () => Promise<void>) => Promise<void>;
