import { and, eq, sql } from 'drizzle-orm';
import { renderJobs, type Db } from '@hookwall/db';

export type RenderJobRow = typeof renderJobs.$inferSelect;

export async function findRenderJob(db: Db, id: string): Promise<RenderJobRow | null> {
  const [row] = await db.select().from(renderJobs).where(eq(renderJobs.id, id));
  return row ?? null;
}

/** queued (or a crashed attempt's rendering) → rendering; null when the job was cancelled or has ended meanwhile. */
export async function markRendering(db: Db, id: string, attempt: number, engine: 'fast' | 'remotion'): Promise<RenderJobRow | null> {
  const [row] = await db
    .update(renderJobs)
    .set({ status: 'rendering', progress: 0, attempts: attempt, engine, startedAt: new Date(), updatedAt: new Date(), error: null })
    .where(and(eq(renderJobs.id, id), sql`${renderJobs.status} in ('queued', 'rendering')`))
    .returning();
  return row ?? null;
}

/** Writes progress; returns the job's status, so the caller sees a cancel. */
export async function writeProgress(db: Db, id: string, progress: number): Promise<string | null> {
  const [row] = await db
    .update(renderJobs)
    .set({ progress: sql`greatest(${renderJobs.progress}, ${progress})`, updatedAt: new Date() })
    .where(and(eq(renderJobs.id, id), eq(renderJobs.status, 'rendering')))
    .returning({ status: renderJobs.status });
  if (row) return row.status;
  const [current] = await db.select({ status: renderJobs.status }).from(renderJobs).where(eq(renderJobs.id, id));
  return current?.status ?? null;
}

export async function markCompleted(db: Db, id: string, values: { outputKey: string; thumbnailKey: string; renderMs: number; engine: 'fast' | 'remotion' }): Promise<boolean> {
  const rows = await db
    .update(renderJobs)
    .set({ ...values, status: 'completed', progress: 1, finishedAt: new Date(), updatedAt: new Date(), error: null })
    .where(and(eq(renderJobs.id, id), eq(renderJobs.status, 'rendering')))
    .returning({ id: renderJobs.id });
  return rows.length > 0;
}

export async function markFailed(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(renderJobs)
    .set({ status: 'failed', error: error.slice(0, 1000), finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(renderJobs.id, id), sql`${renderJobs.status} in ('queued', 'rendering')`));
}

/** Back to the queue for another attempt, keeping the reason this one failed. */
export async function markRetrying(db: Db, id: string, error: string): Promise<void> {
  await db
    .update(renderJobs)
    .set({ status: 'queued', progress: 0, error: error.slice(0, 1000), updatedAt: new Date() })
    .where(and(eq(renderJobs.id, id), eq(renderJobs.status, 'rendering')));
}
