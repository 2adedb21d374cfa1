import { gte, sql } from 'drizzle-orm';
import { users, type Db } from '@hookwall/db';

/** Sign-ups per UTC day since `since`, only the days that have any. */
export async function countSignupsPerDay(db: Db, since: Date) {
  const day = sql<string>`to_char(${users.dateJoined} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
  const rows = await db
    .select({ date: day, count: sql<number>`count(*)::int` })
    .from(users)
    .where(gte(users.dateJoined, since))
    .groupBy(day);
  return new Map(rows.map((row) => [row.date, Number(row.count)]));
}
