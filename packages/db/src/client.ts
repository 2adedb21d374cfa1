import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { SQLWrapper } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;

/**
 * What both drivers answer to a raw `execute`: node-postgres's `QueryResult` and PGlite's `Results`
 * both carry the rows in `rows`. Each driver's database is assignable to `Db` as it is.
 */
export interface RowsQueryResult<TRow> {
  rows: TRow[];
}
export interface RowsQueryResultHKT extends PgQueryResultHKT {
  readonly type: RowsQueryResult<this['row']>;
}
export type Db = PgDatabase<RowsQueryResultHKT, Schema>;

/**
 * Runs a raw query on the database or a transaction and returns its rows as `TRow`: say there
 * what the SQL selects, in the driver's types (int4 → number, bigint and numeric → string,
 * timestamptz → Date on node-postgres but string on PGlite unless selected as a column).
 */
export async function executeRows<TRow extends Record<string, unknown>>(db: Pick<Db, 'execute'>, query: SQLWrapper | string): Promise<TRow[]> {
  return (await db.execute<TRow>(query)).rows;
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** the schema every table lives in (a fresh one per test run on PostgreSQL) */
  schemaName: string;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export interface DatabaseOptions {
  /** postgres://… ; without it the embedded PGlite is used */
  databaseUrl?: string;
  /** directory for PGlite's files; omitted means in memory */
  pgliteDir?: string;
  /** PostgreSQL only: put every table in this schema (created if missing) */
  schemaName?: string;
  poolSize?: number;
}

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const schemaName = options.schemaName ?? 'public';
    if (!/^[a-z_][a-z0-9_]*$/.test(schemaName)) throw new Error(`bad schema name ${schemaName}`);
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      options: schemaName === 'public' ? undefined : `-c search_path=${schemaName}`,
    });
    if (schemaName !== 'public') await pool.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
    const pgDb = drizzlePg(pool, { schema });
    return {
      db: pgDb,
      kind: 'postgres',
      schemaName,
      migrate: () => migratePg(pgDb, { migrationsFolder, migrationsSchema: schemaName === 'public' ? 'drizzle' : schemaName }),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb,
    kind: 'pglite',
    schemaName: 'public',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: () => client.close(),
  };
}
