import { getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * Inserts many rows in one statement whose only parameter is the rows as one JSON document, which
 * the database unpacks itself (`jsonb_to_recordset`). A drizzle multi-row insert binds a parameter
 * per value: for a bulk of videos that is thousands of parameters, which drizzle renders and the
 * embedded database (PGlite, on the API's own thread) decodes one by one, slower than the database
 * parsing one JSON text. Same result as `db.insert(table).values(rows)`: the columns
 * are those of the rows' keys (every row should carry the same keys; a key a row lacks is NULL
 * there), the others take their SQL defaults; dates are sent as ISO strings, JSON columns as JSON.
 */
export async function insertMany<T extends PgTable>(db: Pick<Db, 'execute'>, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = getTableColumns(table) as Record<string, { name: string; getSQLType(): string }>;
  // the keys some row gives a value (an undefined one leaves the column to its default, as drizzle does)
  const keys = [...new Set(rows.flatMap((row) => Object.entries(row).flatMap(([key, value]) => (value !== undefined && key in columns ? [key] : []))))];
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const key of keys) {
      const value = (row as Record<string, unknown>)[key];
      record[columns[key]!.name] = value instanceof Date ? value.toISOString() : (value ?? null);
    }
    return record;
  });
  const names = sql.join(
    keys.map((key) => sql.identifier(columns[key]!.name)),
    sql`, `,
  );
  const definitions = sql.join(
    keys.map((key) => sql`${sql.identifier(columns[key]!.name)} ${sql.raw(columns[key]!.getSQLType())}`),
    sql`, `,
  );
  await db.execute(sql`insert into ${table} (${names}) select ${names} from jsonb_to_recordset(${JSON.stringify(records)}::jsonb) as r(${definitions})`);
}
