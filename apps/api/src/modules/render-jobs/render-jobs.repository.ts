import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { insertMany, RENDER_JOB_STATUSES, renderJobs, type Db, type RenderJobStatus, type RenderTargetType } from '@hookwall/db';
import { cancelQueuedJob, enqueueJobs, teamFairKey } from '@hookwall/jobs';

export type RenderJobRow = typeof renderJobs.$inferSelect;
export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const RENDER_ATTEMPTS = 3;

export interface NewRenderJob {
  id: string;
  compositionId: string;
  inputProps: unknown;
  targetType: RenderTargetType;
  targetId: string;
  durationSeconds: number;
}

/**
 * Adds render jobs and queues their work, in the caller's transaction: one insert of queue jobs,
 * one of render jobs and one NOTIFY, however many there are (not two statements and a NOTIFY for
 * each).
 */
export async function insertRenderJobs(tx: Executor, teamId: number, values: NewRenderJob[]): Promise<void> {
  if (values.length === 0) return;
  const queueJobIds = await enqueueJobs(
    tx,
    'render-video',
    values.map((v) => ({ render_job_id: v.id })),
    { maxAttempts: RENDER_ATTEMPTS, fairKey: teamFairKey(teamId) },
  );
  const rows = values.map((v, i) => ({ ...v, teamId, status: 'queued' as const, queueJobId: queueJobIds[i]! }));
  await insertMany(tx, renderJobs, rows);
}

/** Forgets a job's files once they are deleted: it no longer names them, nor counts their bytes. */
export async function clearOutputs(db: Executor, teamId: number, ids: string[]) {
  if (ids.length === 0) return;
  await db
    .update(renderJobs)
    .set({ outputKey: null, thumbnailKey: null, outputBytes: null, updatedAt: new Date() })
    .where(and(eq(renderJobs.teamId, teamId), inArray(renderJobs.id, ids)));
}

export async function findRenderJob(db: Executor, teamId: number, id: string): Promise<RenderJobRow | null> {
  const [row] = await db.select().from(renderJobs).where(and(eq(renderJobs.teamId, teamId), eq(renderJobs.id, id)));
  return row ?? null;
}

/** Every render job a video ever had (each render of it made one). */
export async function findRenderJobsOfTarget(db: Executor, teamId: number, targetId: string): Promise<RenderJobRow[]> {
  return db.select().from(renderJobs).where(and(eq(renderJobs.teamId, teamId), eq(renderJobs.targetId, targetId)));
}

export async function listRenderJobs(db: Db, teamId: number, filter: { status?: string[]; targetId?: string }, limit: number, offset: number) {
  const parts = [eq(renderJobs.teamId, teamId)];
  if (filter.status?.length) {
    // a status no job can have matches nothing (not every job)
    const known = filter.status.filter((s): s is RenderJobStatus => (RENDER_JOB_STATUSES as readonly string[]).includes(s));
    parts.push(known.length ? inArray(renderJobs.status, known) : sql`false`);
  }
  if (filter.targetId) parts.push(eq(renderJobs.targetId, filter.targetId));
  const condition = and(...parts);
  const [{ total }] = await db.select({ total: count() }).from(renderJobs).where(condition);
  const rows = await db.select().from(renderJobs).where(condition).orderBy(desc(renderJobs.createdAt), desc(renderJobs.id)).limit(limit).offset(offset);
  return { count: Number(total), rows };
}

/**
 * Cancels a job that has not finished. A queued one never starts (its queue job is retired); a
 * rendering one is stopped by its worker, which watches the status. Returns null when the job had
 * already finished (nothing changed).
 */
export async function cancelRenderJob(db: Executor, teamId: number, id: string): Promise<RenderJobRow | null> {
  const [row] = await db
    .update(renderJobs)
    .set({ status: 'cancelled', finishedAt: new Date(), updatedAt: new Date(), error: null })
    .where(and(eq(renderJobs.teamId, teamId), eq(renderJobs.id, id), inArray(renderJobs.status, ['queued', 'rendering'])))
    .returning();
  if (row?.queueJobId) await cancelQueuedJob(db, row.queueJobId);
  return row ?? null;
}
