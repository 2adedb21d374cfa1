import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import { brandFonts, brandKits, teams, type Db } from '@hookwall/db';

export type Executor = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;
export type BrandKitRow = typeof brandKits.$inferSelect;
export type BrandKitInsert = typeof brandKits.$inferInsert;
export type BrandFontRow = typeof brandFonts.$inferSelect;
export type BrandFontInsert = typeof brandFonts.$inferInsert;
/** a kit with the family of its uploaded font (null for a built-in family or none) */
export type KitWithFont = { kit: BrandKitRow; uploadedFamily: string | null };

export function inTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction(work);
}

/**
 * Takes the team's row `FOR NO KEY UPDATE` until the transaction ends, so two changes of one
 * team's kits (which one is the default) run one after the other. The same lock the storage quota
 * takes: a logo upload's reservation and its kit change share it.
 */
export async function lockTeam(tx: Executor, teamId: number): Promise<boolean> {
  const rows = await tx.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
  return rows.length > 0;
}

const withFont = { kit: brandKits, uploadedFamily: brandFonts.family };

// ---- kits ----

/** The team's kits, the default first, then oldest first. */
export async function listKits(db: Db, teamId: number, limit: number, offset: number) {
  const [{ total }] = await db.select({ total: count() }).from(brandKits).where(eq(brandKits.teamId, teamId));
  const rows: KitWithFont[] = await db
    .select(withFont)
    .from(brandKits)
    .leftJoin(brandFonts, eq(brandFonts.id, brandKits.brandFontId))
    .where(eq(brandKits.teamId, teamId))
    .orderBy(desc(brandKits.isDefault), asc(brandKits.createdAt), asc(brandKits.id))
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows };
}

export async function findKit(db: Executor, teamId: number, id: string): Promise<KitWithFont | null> {
  const [row] = await db
    .select(withFont)
    .from(brandKits)
    .leftJoin(brandFonts, eq(brandFonts.id, brandKits.brandFontId))
    .where(and(eq(brandKits.teamId, teamId), eq(brandKits.id, id)));
  return row ?? null;
}

export async function countKits(tx: Executor, teamId: number): Promise<number> {
  const [{ total }] = await tx.select({ total: count() }).from(brandKits).where(eq(brandKits.teamId, teamId));
  return Number(total);
}

export async function insertKit(tx: Executor, values: BrandKitInsert): Promise<BrandKitRow> {
  const [row] = await tx.insert(brandKits).values(values).returning();
  return row!;
}

export async function updateKit(tx: Executor, teamId: number, id: string, values: Partial<BrandKitInsert>): Promise<BrandKitRow | null> {
  const [row] = await tx
    .update(brandKits)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(brandKits.teamId, teamId), eq(brandKits.id, id)))
    .returning();
  return row ?? null;
}

/** Unsets the team's default (but for `keepId`): the first half of making another kit the default. */
export async function clearDefault(tx: Executor, teamId: number, keepId: string) {
  await tx
    .update(brandKits)
    .set({ isDefault: false, updatedAt: new Date() })
    .where(and(eq(brandKits.teamId, teamId), eq(brandKits.isDefault, true), ne(brandKits.id, keepId)));
}

export async function deleteKit(tx: Executor, teamId: number, id: string): Promise<BrandKitRow | null> {
  const [row] = await tx.delete(brandKits).where(and(eq(brandKits.teamId, teamId), eq(brandKits.id, id))).returning();
  return row ?? null;
}

/** Makes the team's oldest kit the default when it has none (after its default was deleted). */
export async function promoteOldestKit(tx: Executor, teamId: number) {
  const [hasDefault] = await tx.select({ id: brandKits.id }).from(brandKits).where(and(eq(brandKits.teamId, teamId), eq(brandKits.isDefault, true)));
  if (hasDefault) return;
  const [oldest] = await tx.select({ id: brandKits.id }).from(brandKits).where(eq(brandKits.teamId, teamId)).orderBy(asc(brandKits.createdAt), asc(brandKits.id)).limit(1);
  if (oldest) await tx.update(brandKits).set({ isDefault: true, updatedAt: new Date() }).where(and(eq(brandKits.teamId, teamId), eq(brandKits.id, oldest.id)));
}

/** The team's kits that use an uploaded font, by name. */
export async function kitsUsingFont(db: Executor, teamId: number, fontId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: brandKits.id, name: brandKits.name })
    .from(brandKits)
    .where(and(eq(brandKits.teamId, teamId), eq(brandKits.brandFontId, fontId)))
    .orderBy(asc(brandKits.createdAt), asc(brandKits.id));
}

// ---- fonts ----

export async function listFonts(db: Db, teamId: number, limit: number, offset: number) {
  const [{ total }] = await db.select({ total: count() }).from(brandFonts).where(eq(brandFonts.teamId, teamId));
  const rows = await db
    .select()
    .from(brandFonts)
    .where(eq(brandFonts.teamId, teamId))
    .orderBy(desc(brandFonts.createdAt), desc(brandFonts.id))
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows };
}

export async function findFont(db: Executor, teamId: number, id: string): Promise<BrandFontRow | null> {
  const [row] = await db.select().from(brandFonts).where(and(eq(brandFonts.teamId, teamId), eq(brandFonts.id, id)));
  return row ?? null;
}

/** The font, locked against deletion until the transaction ends (a kit is being pointed at it). */
export async function findFontForShare(tx: Executor, teamId: number, id: string): Promise<BrandFontRow | null> {
  const [row] = await tx.select().from(brandFonts).where(and(eq(brandFonts.teamId, teamId), eq(brandFonts.id, id))).for('key share');
  return row ?? null;
}

export async function insertFont(tx: Executor, values: BrandFontInsert): Promise<BrandFontRow> {
  const [row] = await tx.insert(brandFonts).values(values).returning();
  return row!;
}

export async function deleteFont(tx: Executor, teamId: number, id: string): Promise<BrandFontRow | null> {
  const [row] = await tx.delete(brandFonts).where(and(eq(brandFonts.teamId, teamId), eq(brandFonts.id, id))).returning();
  return row ?? null;
}

