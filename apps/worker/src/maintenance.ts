import type { Db } from '@hookwall/db';
import type { Storage } from '@hookwall/storage';
import * as repo from './maintenance.repository.ts';
import { startJobPruner } from './prune.ts';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * How long after its expiry an upload URL's file is removed. A presigned S3 PUT that started just
 * before the URL expired may still be sending a large file long after; a day covers the slowest
 * upload, and an upload not confirmed by then is abandoned.
 */
export const UPLOAD_SWEEP_AFTER_MS = 24 * HOUR_MS;

type Log = { info(o: object, m?: string): void; error(o: object, m?: string): void };

/**
 * Removes the files of upload URLs that expired more than `UPLOAD_SWEEP_AFTER_MS` ago, and their
 * records. A confirmed upload was moved to its video's own key, so what is left at a URL's key is
 * what arrived through a URL that was replaced, or after its video or team was deleted (a presigned
 * S3 URL cannot be revoked), or an upload never confirmed. Returns how many URLs it swept.
 */
export async function sweepUploads(db: Db, storage: Storage, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - UPLOAD_SWEEP_AFTER_MS);
  let swept = 0;
  for (;;) {
    const expired = await repo.findExpiredUploadUrls(db, before, 200);
    if (expired.length === 0) return swept;
    await Promise.all(expired.map((url) => storage.delete(url.storageKey)));
    await repo.deleteUploadUrls(db, expired.map((url) => url.id));
    swept += expired.length;
  }
}

function orphanReason(render: repo.OrphanedRender): string {
  switch (render.cause) {
    case 'gone':
      return 'The render was lost from the queue before it finished; please render it again.';
    case 'completed':
      return 'The render stopped without finishing; please render it again.';
    case 'cancelled':
      return 'The render was stopped in the queue without finishing; please render it again.';
    case 'failed': {
      const first = render.lastError?.split('\n').find((line) => line.trim())?.trim();
      return first ? `The render failed: ${first.slice(0, 300)}` : 'The render failed; please render it again.';
    }
    case 'lapsed':
      return `The render was interrupted ${render.maxAttempts ?? 'several'} times (the worker stopped); please try again.`;
  }
}

/**
 * Fails every render that is `queued` or `rendering` with no worker holding it or coming for it
 * (see `findOrphanedRenders`), with the reason, and removes the parts it had stored; its video and
 * its bulk job then show it as failed. Returns how many it failed.
 */
export async function reapRenders(db: Db, storage: Storage, log?: Log): Promise<number> {
  let reaped = 0;
  for (;;) {
    const orphans = await repo.findOrphanedRenders(db, 100);
    if (orphans.length === 0) return reaped;
    for (const render of orphans) {
      const reason = orphanReason(render);
      if (!(await repo.failOrphanedRender(db, render, reason))) continue;
      reaped++;
      log?.info({ renderJob: render.id, cause: render.cause }, 'render failed: no worker held it');
      // the parts of a chunked render (`{id}.part-{n}.mp4`): a failed render keeps none
      const parts = await storage.list(`teams/${render.teamId}/renders/${render.id}.part-`).catch(() => []);
      await Promise.all(parts.map((key) => storage.delete(key).catch(() => undefined)));
    }
  }
}

/**
 * The worker's periodic upkeep, run by every worker process (each step is idempotent, so no leader
 * is needed): ended queue jobs pruned (see `startJobPruner`), renders no worker holds failed every
 * minute, and the files of long-expired upload URLs swept every hour. Returns the stop.
 */
export function startMaintenance(options: { db: Db; storage: Storage; retentionDays: number; log?: Log; firstRunMs?: number }): () => void {
  const stopPruner = startJobPruner(options);
  const reap = async () => {
    try {
      await reapRenders(options.db, options.storage, options.log);
    } catch (error) {
      options.log?.error({ err: String(error) }, 'failing renders no worker holds failed');
    }
  };
  const sweep = async () => {
    try {
      const swept = await sweepUploads(options.db, options.storage);
      if (swept > 0) options.log?.info({ swept }, 'expired upload URLs swept');
    } catch (error) {
      options.log?.error({ err: String(error) }, 'sweeping expired upload URLs failed');
    }
  };
  const timers = [
    setTimeout(() => void reap(), options.firstRunMs ?? MINUTE_MS),
    setTimeout(() => void sweep(), options.firstRunMs ?? MINUTE_MS),
    setInterval(() => void reap(), MINUTE_MS),
    setInterval(() => void sweep(), HOUR_MS),
  ];
  for (const timer of timers) timer.unref();
  return () => {
    stopPruner();
    for (const timer of timers) clearTimeout(timer);
  };
}
