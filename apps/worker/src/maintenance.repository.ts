import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { executeRows, jobs, renderJobs, uploadUrls, type Db } from '@hookwall/db';
import { ENDED_JOB_STATES, type EndedJobState } from '@hookwall/jobs';

/** Upload URLs that expired before `before`, oldest first: nothing can arrive through them any more. */
export async function findExpiredUploadUrls(db: Db, before: Date, limit: number) {
  return db
    .select({ id: uploadUrls.id, storageKey: uploadUrls.storageKey })
    .from(uploadUrls)
    .where(lt(uploadUrls.expiresAt, before))
    .orderBy(asc(uploadUrls.expiresAt))
    .limit(limit);
}

export async function deleteUploadUrls(db: Db, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.delete(uploadUrls).where(inArray(uploadUrls.id, ids));
}

/** Why no worker holds an unfinished render: its queue job is gone, ended (in one of ENDED_JOB_STATES), or its lease ran out on its last attempt. */
export type OrphanCause = 'gone' | EndedJobState | 'lapsed';

export interface OrphanedRender {
  id: string;
  teamId: number;
  queueJobId: string | null;
  cause: OrphanCause;
  maxAttempts: number | null;
  lastError: string | null;
}

/**
 * Renders still `queued` or `rendering` that no worker holds or ever will: the queue job is gone
 * (pruned, or never made), has ended (its handler returned or gave up without finishing the
 * render), or is active with a lease that ran out on its last attempt, and no job of its pieces
 * (`render-chunk`, `render-join`) is alive either. A job that is queued, or active within its
 * lease, or may still be claimed again, has a worker coming: it is left alone.
 */
export async function findOrphanedRenders(db: Db, limit: number): Promise<OrphanedRender[]> {
  const rows = await executeRows<{ id: string; team_id: number; queue_job_id: string | null; job_status: string | null; max_attempts: number | null; last_error: string | null }>(
    db,
    sql`
    SELECT r.id, r.team_id, r.queue_job_id, j.status AS job_status, j.max_attempts, j.last_error
    FROM render_jobs r LEFT JOIN jobs j ON j.id = r.queue_job_id
    WHERE r.status IN ('queued', 'rendering')
      AND (j.id IS NULL
        OR j.status IN (${sql.join(
          ENDED_JOB_STATES.map((state) => sql`${state}`),
          sql`, `,
        )})
        OR (j.status = 'active' AND j.locked_until < now() AND j.attempts >= j.max_attempts))
      -- a render done in pieces: its own job ended once it planned them; its chunk jobs, then its
      -- join job, hold it while any is queued, running or due to be claimed again
      AND NOT EXISTS (
        SELECT 1 FROM jobs p
        WHERE p.name IN ('render-chunk', 'render-join') AND p.payload->>'render_job_id' = r.id::text
          AND (p.status = 'queued' OR (p.status = 'active' AND (p.locked_until >= now() OR p.attempts < p.max_attempts))))
    ORDER BY r.created_at
    LIMIT ${limit}`,
  );
  return rows.map((r) => ({
    id: r.id,
    teamId: Number(r.team_id),
    queueJobId: r.queue_job_id,
    cause: r.job_status === null ? 'gone' : r.job_status === 'active' ? 'lapsed' : (r.job_status as EndedJobState),
    maxAttempts: r.max_attempts === null ? null : Number(r.max_attempts),
    lastError: r.last_error,
  }));
}

/** Fails an unfinished render with the reason, and ends a queue job whose lease ran out so no worker takes it again; false when it had ended meanwhile. */
export async function failOrphanedRender(db: Db, render: OrphanedRender, reason: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const failed = await tx
      .update(renderJobs)
      .set({ status: 'failed', error: reason.slice(0, 1000), finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(renderJobs.id, render.id), inArray(renderJobs.status, ['queued', 'rendering'])))
      .returning({ id: renderJobs.id });
    if (failed.length === 0) return false;
    if (render.queueJobId && render.cause === 'lapsed') {
      await tx
        .update(jobs)
        .set({ status: 'failed', lockedUntil: null, lastError: reason.slice(0, 2000), updatedAt: new Date() })
        .where(and(eq(jobs.id, render.queueJobId), eq(jobs.status, 'active'), sql`${jobs.lockedUntil} < now()`));
    }
    return true;
  });
}
