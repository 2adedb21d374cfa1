import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
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

export async function markCompleted(db: Db, id: string, runToken: string, values: { outputKey: string; thumbnailKey: string; outputBytes: number; renderMs: number; engine: 'fast' | 'remotion' }): Promise<boolean> {
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

/** The share of a chunked render's progress its chunks make; the join makes the rest. */
export const CHUNKS_SHARE = 0.95;

/** The join takes the render over from the run that planned it: a new run token, so a run that lost it (the join delivered twice) may not finish it. */
export async function takeOverRender(db: Db, id: string, runToken: string): Promise<RenderJobRow | null> {
  const [row] = await db
    .update(renderJobs)
    .set({ runToken, updatedAt: new Date() })
    .where(and(eq(renderJobs.id, id), eq(renderJobs.status, 'rendering')))
    .returning();
  return row ?? null;
}

/**
 * The chunks of a long render, created once (a render planned twice, its job delivered twice,
 * finds them), each with its own `render-chunk` job in the team's line: the pieces take turns
 * with other teams' work instead of one job holding a render slot for the whole video.
 */
export async function ensureChunks(db: Db, id: string, teamId: number, ranges: [number, number][]): Promise<RenderChunkRow[]> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(renderChunks)
      .values(ranges.map(([frameStart, frameEnd], index) => ({ renderJobId: id, index, frameStart, frameEnd })))
      .onConflictDoNothing()
      .returning({ index: renderChunks.index });
    for (const { index } of inserted.sort((a, b) => a.index - b.index)) {
      await enqueueJob(tx, 'render-chunk', { render_job_id: id, index }, { maxAttempts: 5, fairKey: teamFairKey(teamId) });
    }
    return tx.select().from(renderChunks).where(eq(renderChunks.renderJobId, id)).orderBy(asc(renderChunks.index));
  });
}

/** A render's chunks, or none (a render in one piece). */
export async function hasChunks(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ index: renderChunks.index }).from(renderChunks).where(eq(renderChunks.renderJobId, id)).limit(1);
  return !!row;
}

/**
 * Takes chunk `index` to render: a queued one, or one whose worker stopped renewing its lease
 * (killed); null when it is done or another run holds it.
 */
export async function claimChunk(db: Db, id: string, index: number, worker: string, leaseSeconds: number): Promise<RenderChunkRow | null> {
  const [row] = await executeRows<{ index: number }>(
    db,
    sql`
    UPDATE render_chunks SET status = 'rendering', worker = ${worker}, progress = 0,
      locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now()
    WHERE render_job_id = ${id} AND index = (
      SELECT index FROM render_chunks
      WHERE render_job_id = ${id} AND index = ${index}
        AND (status = 'queued' OR (status = 'rendering' AND locked_until < now()))
      FOR UPDATE SKIP LOCKED
    )
    RETURNING index`,
  );
  if (!row) return null;
  return findChunk(db, id, row.index);
}

export async function findChunk(db: Db, id: string, index: number): Promise<RenderChunkRow | null> {
  const [chunk] = await db.select().from(renderChunks).where(and(eq(renderChunks.renderJobId, id), eq(renderChunks.index, index)));
  return chunk ?? null;
}

/** The render's progress made from its chunks' (each weighed by its frames), never going back. */
function chunkedProgress(id: string) {
  return sql`
    UPDATE render_jobs SET updated_at = now(), progress = greatest(progress, (
      SELECT ${CHUNKS_SHARE}::float8 * sum((frame_end - frame_start + 1) * CASE WHEN status = 'done' THEN 1 ELSE progress END) / sum(frame_end - frame_start + 1)
      FROM render_chunks WHERE render_job_id = ${id}))
    WHERE id = ${id} AND status = 'rendering'
    RETURNING status`;
}

/**
 * Renews a chunk's lease and writes its progress, and the render's made from all its chunks;
 * returns the render's status, so a cancel is seen.
 */
export async function renewChunk(db: Db, id: string, index: number, worker: string, progress: number, leaseSeconds: number): Promise<string | null> {
  await db
    .update(renderChunks)
    .set({ progress, lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, updatedAt: new Date() })
    .where(and(eq(renderChunks.renderJobId, id), eq(renderChunks.index, index), eq(renderChunks.status, 'rendering'), eq(renderChunks.worker, worker)));
  const [rendering] = await executeRows<{ status: string }>(db, chunkedProgress(id));
  if (rendering) return rendering.status;
  const [current] = await db.select({ status: renderJobs.status }).from(renderJobs).where(eq(renderJobs.id, id));
  return current?.status ?? null;
}

/**
 * A rendered part is stored: the chunk is done (only by the worker that holds it). The render's row
 * is locked meanwhile, so of chunks finishing at once exactly one sees that none is left: that one
 * queues the join, in the same transaction. Returns whether this call finished the chunk, whether
 * it queued the join, and the render's status (a render ended meanwhile keeps no parts).
 */
export async function finishChunk(
  db: Db,
  id: string,
  index: number,
  worker: string,
  values: { outputKey: string; engine: 'fast' | 'remotion' },
): Promise<{ finished: boolean; joinQueued: boolean; status: string | null }> {
  return db.transaction(async (tx) => {
    const [render] = await executeRows<{ status: string; team_id: number }>(tx, sql`SELECT status, team_id FROM render_jobs WHERE id = ${id} FOR UPDATE`);
    if (!render) return { finished: false, joinQueued: false, status: null };
    const rows = await tx
      .update(renderChunks)
      .set({ ...values, status: 'done', progress: 1, lockedUntil: null, updatedAt: new Date() })
      .where(and(eq(renderChunks.renderJobId, id), eq(renderChunks.index, index), eq(renderChunks.status, 'rendering'), eq(renderChunks.worker, worker)))
      .returning({ index: renderChunks.index });
    if (!rows.length) return { finished: false, joinQueued: false, status: render.status };
    if (render.status !== 'rendering') return { finished: true, joinQueued: false, status: render.status };
    await tx.execute(chunkedProgress(id));
    const [left] = await tx.select({ n: count() }).from(renderChunks).where(and(eq(renderChunks.renderJobId, id), ne(renderChunks.status, 'done')));
    const joinQueued = Number(left?.n ?? 0) === 0;
    if (joinQueued) await enqueueJob(tx, 'render-join', { render_job_id: id }, { maxAttempts: 5, fairKey: teamFairKey(render.team_id) });
    return { finished: true, joinQueued, status: render.status };
  });
}

/** A chunk whose render failed goes back for its job's next attempt. */
export async function releaseChunk(db: Db, id: string, index: number, worker: string): Promise<void> {
  await db
    .update(renderChunks)
    .set({ status: 'queued', lockedUntil: null, progress: 0, updatedAt: new Date() })
    .where(and(eq(renderChunks.renderJobId, id), eq(renderChunks.index, index), eq(renderChunks.status, 'rendering'), eq(renderChunks.worker, worker)));
}

export async function listChunks(db: Db, id: string): Promise<RenderChunkRow[]> {
  return db.select().from(renderChunks).where(eq(renderChunks.renderJobId, id)).orderBy(asc(renderChunks.index));
}

/**
 * The stored parts' keys, taken once: whoever deletes the parts (the join after storing the video,
 * or a piece that finds the render cancelled or failed) gets each key once, however many look.
 */
export async function takePartKeys(db: Db, id: string): Promise<string[]> {
  // RETURNING gives the row as updated: the key comes from the row as it was, locked first
  const rows = await executeRows<{ output_key: string }>(
    db,
    sql`
    UPDATE render_chunks SET output_key = NULL
    FROM (SELECT index, output_key FROM render_chunks WHERE render_job_id = ${id} AND output_key IS NOT NULL FOR UPDATE) AS taken
    WHERE render_chunks.render_job_id = ${id} AND render_chunks.index = taken.index AND render_chunks.output_key IS NOT NULL
    RETURNING taken.output_key`,
  );
  return rows.map((r) => r.output_key);
}
