import { and, asc, eq, sql } from 'drizzle-orm';
import { executeRows, renderChunks, renderJobs, type Db } from '@hookwall/db';
import { enqueueJob, teamFairKey } from '@hookwall/jobs';

export type RenderJobRow = typeof renderJobs.$inferSelect;

export async function findRenderJob(db: Db, id: string): Promise<RenderJobRow | null> {
  const [row] = await db.select().from(renderJobs).where(eq(renderJobs.id, id));
  return row ?? null;
}

/**
 * queued (or a crashed attempt's rendering) → rendering, held by this run's token; null when the
 * job was cancelled or has ended meanwhile. A run that started earlier (the same job delivered
 * twice) loses the token and with it the right to write progress or finish the render.
 */
export async function markRendering(db: Db, id: string, attempt: number, engine: 'fast' | 'remotion', runToken: string): Promise<RenderJobRow | null> {
  const [row] = await db
    .update(renderJobs)
    .set({ status: 'rendering', progress: 0, attempts: attempt, engine, runToken, startedAt: new Date(), updatedAt: new Date(), error: null })
    .where(and(eq(renderJobs.id, id), sql`${renderJobs.status} in ('queued', 'rendering')`))
    .returning();
  return row ?? null;
}

/** Writes progress; returns the job's status ('superseded' when another run holds it), so the caller sees a cancel. */
export async function writeProgress(db: Db, id: string, progress: number, runToken: string): Promise<string | null> {
  const [row] = await db
    .update(renderJobs)
    .set({ progress: sql`greatest(${renderJobs.progress}, ${progress})`, updatedAt: new Date() })
    .where(and(eq(renderJobs.id, id), eq(renderJobs.status, 'rendering'), eq(renderJobs.runToken, runToken)))
    .returning({ status: renderJobs.status });
  if (row) return row.status;
  const [current] = await db.select({ status: renderJobs.status, runToken: renderJobs.runToken }).from(renderJobs).where(eq(renderJobs.id, id));
  if (current?.status === 'rendering' && current.runToken !== runToken) return 'superseded';
  return current?.status ?? null;
}

export async function markCompleted(db: Db, id: string, runToken: string, values: { outputKey: string; thumbnailKey: string; renderMs: number; engine: 'fast' | 'remotion' }): Promise<boolean> {
  const rows = await db
    .update(renderJobs)
    .set({ ...values, status: 'completed', progress: 1, finishedAt: new Date(), updatedAt: new Date(), error: null })
    .where(and(eq(renderJobs.id, id), eq(renderJobs.status, 'rendering'), eq(renderJobs.runToken, runToken)))
    .returning({ id: renderJobs.id });
  return rows.length > 0;
}

/** Fails the render; with a run token, only while that run still holds it. */
export async function markFailed(db: Db, id: string, error: string, runToken?: string): Promise<void> {
  await db
    .update(renderJobs)
    .set({ status: 'failed', error: error.slice(0, 1000), finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(renderJobs.id, id), sql`${renderJobs.status} in ('queued', 'rendering')`, runToken ? eq(renderJobs.runToken, runToken) : undefined));
}

/** Back to the queue for another attempt, keeping the reason this one failed. */
export async function markRetrying(db: Db, id: string, error: string | null, runToken: string): Promise<void> {
  await db
    .update(renderJobs)
    .set({ status: 'queued', progress: 0, error: error?.slice(0, 1000) ?? null, updatedAt: new Date() })
    .where(and(eq(renderJobs.id, id), eq(renderJobs.status, 'rendering'), eq(renderJobs.runToken, runToken)));
}

export type RenderChunkRow = typeof renderChunks.$inferSelect;

/**
 * The chunks of a long render, created once (a retried render finds them, done parts and all),
 * with a `render-chunk` job for each chunk but the first, which the render's own job starts on.
 */
export async function ensureChunks(db: Db, id: string, teamId: number, ranges: [number, number][]): Promise<RenderChunkRow[]> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(renderChunks)
      .values(ranges.map(([frameStart, frameEnd], index) => ({ renderJobId: id, index, frameStart, frameEnd })))
      .onConflictDoNothing()
      .returning({ index: renderChunks.index });
    for (const { index } of inserted) if (index > 0) await enqueueJob(tx, 'render-chunk', { render_job_id: id, index }, { maxAttempts: 5, fairKey: teamFairKey(teamId) });
    return tx.select().from(renderChunks).where(eq(renderChunks.renderJobId, id)).orderBy(asc(renderChunks.index));
  });
}

/**
 * Takes a chunk to render: a queued one, or one whose worker stopped renewing its lease (killed).
 * `index` asks for that chunk only (a `render-chunk` job); without it the first one free.
 */
export async function claimChunk(db: Db, id: string, worker: string, leaseSeconds: number, index?: number): Promise<RenderChunkRow | null> {
  const only = index === undefined ? sql`` : sql`AND index = ${index}`;
  const [row] = await executeRows<{ index: number }>(
    db,
    sql`
    UPDATE render_chunks SET status = 'rendering', worker = ${worker}, progress = 0,
      locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    WHERE render_job_id = ${id} AND index = (
      SELECT index FROM render_chunks
      WHERE render_job_id = ${id} ${only}
        AND (status = 'queued' OR (status = 'rendering' AND locked_until < now()))
      ORDER BY index
      FOR UPDATE SKIP LOCKED
      LIMIT 1
    )
    RETURNING index`,
  );
  if (!row) return null;
  const [chunk] = await db.select().from(renderChunks).where(and(eq(renderChunks.renderJobId, id), eq(renderChunks.index, row.index)));
  return chunk ?? null;
}

/** Renews a chunk's lease and writes its progress; returns the render's status, so a cancel is seen. */
export async function renewChunk(db: Db, id: string, index: number, worker: string, progress: number, leaseSeconds: number): Promise<string | null> {
  await db
    .update(renderChunks)
    .set({ progress, lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, updatedAt: new Date() })
    .where(and(eq(renderChunks.renderJobId, id), eq(renderChunks.index, index), eq(renderChunks.status, 'rendering'), eq(renderChunks.worker, worker)));
  const [current] = await db.select({ status: renderJobs.status }).from(renderJobs).where(eq(renderJobs.id, id));
  return current?.status ?? null;
}

/** A rendered part is stored: the chunk is done (only by the worker that holds it). */
export async function finishChunk(db: Db, id: string, index: number, worker: string, values: { outputKey: string; engine: 'fast' | 'remotion' }): Promise<boolean> {
  const rows = await db
    .update(renderChunks)
    .set({ ...values, status: 'done', progress: 1, lockedUntil: null, updatedAt: new Date() })
    .where(and(eq(renderChunks.renderJobId, id), eq(renderChunks.index, index), eq(renderChunks.status, 'rendering'), eq(renderChunks.worker, worker)))
    .returning({ index: renderChunks.index });
  return rows.length > 0;
}

/** A chunk whose render failed goes back for any worker to take. */
export async function releaseChunk(db: Db, id: string, index: number, worker: string): Promise<void> {
  await db
    .update(renderChunks)
    .set({ status: 'queued', lockedUntil: null, progress: 0, updatedAt: new Date() })
    .where(and(eq(renderChunks.renderJobId, id), eq(renderChunks.index, index), eq(renderChunks.status, 'rendering'), eq(renderChunks.worker, worker)));
}

export async function listChunks(db: Db, id: string): Promise<RenderChunkRow[]> {
  return db.select().from(renderChunks).where(eq(renderChunks.renderJobId, id)).orderBy(asc(renderChunks.index));
}
