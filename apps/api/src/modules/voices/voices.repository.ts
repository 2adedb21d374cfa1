import { and, eq, inArray, notExists } from 'drizzle-orm';
import { compositeVideos, speechAssets, textWallVideos, type Db } from '@hookwall/db';

export type SpeechAssetRow = typeof speechAssets.$inferSelect;
export type SpeechAssetInsert = typeof speechAssets.$inferInsert;

/** The team's speech of these texts (by hash) for one voice and speed. */
export async function findSpeechAssets(db: Db, teamId: number, voiceId: string, speed: number, hashes: string[]): Promise<SpeechAssetRow[]> {
  if (hashes.length === 0) return [];
  return db
    .select()
    .from(speechAssets)
    .where(and(eq(speechAssets.teamId, teamId), eq(speechAssets.voiceId, voiceId), eq(speechAssets.speed, speed), inArray(speechAssets.textHash, hashes)));
}

export async function findSpeechAssetById(db: Db, teamId: number, id: string): Promise<SpeechAssetRow | undefined> {
  const [row] = await db.select().from(speechAssets).where(and(eq(speechAssets.teamId, teamId), eq(speechAssets.id, id)));
  return row;
}

/**
 * Stores a speech unless the team already has one of the same voice, speed and text (another
 * request made it at the same moment): returns the row stored, or undefined when it lost.
 */
export async function insertSpeechAsset(db: Db, values: SpeechAssetInsert): Promise<SpeechAssetRow | undefined> {
  const [row] = await db.insert(speechAssets).values(values).onConflictDoNothing().returning();
  return row;
}

/** Deletes these speech assets of the team that no text wall uses; returns the rows deleted (their files are the caller's). */
export async function deleteUnusedSpeechAssets(db: Db, teamId: number, ids: string[]): Promise<SpeechAssetRow[]> {
  if (ids.length === 0) return [];
  return db
    .delete(speechAssets)
    .where(
      and(
        eq(speechAssets.teamId, teamId),
        inArray(speechAssets.id, ids),
        notExists(db.select({ id: textWallVideos.id }).from(textWallVideos).where(eq(textWallVideos.speechAssetId, speechAssets.id))),
        notExists(db.select({ id: compositeVideos.id }).from(compositeVideos).where(eq(compositeVideos.speechAssetId, speechAssets.id))),
      ),
    )
    .returning();
}
