import { and, count, desc, eq, sql } from 'drizzle-orm';
import { brandKits, teams, videoTemplates, type Db } from '@hookwall/db';

export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
export type VideoTemplateRow = typeof videoTemplates.$inferSelect;
export type VideoTemplateInsert = typeof videoTemplates.$inferInsert;

export function inTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/** Takes the team's row until the transaction ends: two saves of one team's templates (the count, a name) take turns. */
export async function lockTeam(tx: Executor, teamId: number): Promise<boolean> {
  const rows = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
  return rows.length > 0;
}

/** The team's templates (of one composition, when named), newest first. */
export async function listTemplates(db: Db, teamId: number, composition: string | undefined, limit: number, offset: number) {
  const where = composition ? and(eq(videoTemplates.teamId, teamId), eq(videoTemplates.composition, composition)) : eq(videoTemplates.teamId, teamId);
  const [{ total }] = await db.select({ total: count() }).from(videoTemplates).where(where);
  const rows = await db.select().from(videoTemplates).where(where).orderBy(desc(videoTemplates.createdAt), desc(videoTemplates.id)).limit(limit).offset(offset);
  return { count: Number(total), rows };
}

export async function findTemplate(db: Executor, teamId: number, id: string): Promise<VideoTemplateRow | null> {
  const [row] = await db.select().from(videoTemplates).where(and(eq(videoTemplates.teamId, teamId), eq(videoTemplates.id, id)));
  return row ?? null;
}

export async function countTemplates(tx: Executor, teamId: number): Promise<number> {
  const [{ total }] = await tx.select({ total: count() }).from(videoTemplates).where(eq(videoTemplates.teamId, teamId));
  return Number(total);
}

/** Another template of the team with this name, case aside (`exceptId`: the one being renamed). */
export async function nameTaken(tx: Executor, teamId: number, name: string, exceptId?: string): Promise<boolean> {
  const rows = await tx
    .select({ id: videoTemplates.id })
    .from(videoTemplates)
    .where(and(eq(videoTemplates.teamId, teamId), sql`lower(${videoTemplates.name}) = lower(${name})`));
  return rows.some((r) => r.id !== exceptId);
}

/** Whether the kit is the team's, locked against deletion until the transaction ends (a template is being pointed at it). */
export async function teamHasKit(tx: Executor, teamId: number, kitId: string): Promise<boolean> {
  const rows = await tx.select({ id: brandKits.id }).from(brandKits).where(and(eq(brandKits.teamId, teamId), eq(brandKits.id, kitId))).for('key share');
  return rows.length > 0;
}

export async function insertTemplate(tx: Executor, values: VideoTemplateInsert): Promise<VideoTemplateRow> {
  const [row] = await tx.insert(videoTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(tx: Executor, teamId: number, id: string, values: Partial<VideoTemplateInsert>): Promise<VideoTemplateRow | null> {
  const [row] = await tx
    .update(videoTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(videoTemplates.teamId, teamId), eq(videoTemplates.id, id)))
    .returning();
  return row ?? null;
}

export async function deleteTemplate(db: Executor, teamId: number, id: string): Promise<boolean> {
  const rows = await db.delete(videoTemplates).where(and(eq(videoTemplates.teamId, teamId), eq(videoTemplates.id, id))).returning({ id: videoTemplates.id });
  return rows.length > 0;
}
