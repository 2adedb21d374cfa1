import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
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
  /**
   * Calls `onNotify` on every NOTIFY on `channel` (from any process on PostgreSQL; PGlite is one
   * process). Returns the unsubscribe. On PostgreSQL a lost connection is re-established and
   * `onNotify` called once, since a notification may have been missed meanwhile.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  /** PGlite only: its files as a tarball, which `pgliteDump` loads (the tests' template, testing.ts) */
  dumpDataDir(): Promise<Uint8Array>;
  close(): Promise<void>;
}

const CHANNEL = /^[a-z_][a-z0-9_]{0,62}$/;

/** A LISTEN on its own connection (a pooled one would be handed to other queries), kept open. */
async function listenPg(connectionString: string, channel: string, onNotify: () => void): Promise<() => Promise<void>> {
  if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
  let client: pg.Client | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | null = null;
  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString });
    next.on('notification', (message) => {
      if (message.channel === channel) onNotify();
    });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    await next.connect();
    await next.query(`LISTEN ${channel}`);
    if (isClosed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
  }
  function reconnect(failed: pg.Client) {
    if (isClosed || client !== failed || retry) return;
    client = null;
    failed.end().catch(() => undefined);
    retry = setTimeout(function attempt() {
      retry = null;
      connect().then(onNotify, () => {
        if (!isClosed) retry = setTimeout(attempt, 1000);
      });
    }, 200);
  }
  await connect();
  return async () => {
    isClosed = true;
    if (retry) clearTimeout(retry);
    const current = client;
    client = null;
    await current?.end().catch(() => undefined);
  };
}

/**
 * Runs `work` while holding a PostgreSQL advisory lock of the schema, taken on a connection of its
 * own (not the pool's, which `work` may need whole). Every API and worker process migrates at start,
 * and several start at once (a deployment, a scale-out): without the lock they apply the same
 * migration together and all but one fail (`CREATE TABLE`, `CREATE SCHEMA IF NOT EXISTS` race on
 * the catalog's unique indexes). With it, the first applies them; the others wait, then find
 * nothing left to apply. A process that dies holding it drops its connection, and so the lock.
 */
async function withMigrationLock<T>(connectionString: string, schemaName: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', [`hookwall:migrate:${schemaName}`]);
    return await work();
  } finally {
    // ending the session releases its lock
    await client.end().catch(() => undefined);
  }
}

/** The committed migrations, found through this package's `./migrations/*` export (the same folder from the sources and the build). */
const migrationsFolder = dirname(dirname(createRequire(import.meta.url).resolve('@hookwall/db/migrations/meta/_journal.json')));

export interface DatabaseOptions {
  /** postgres://… ; without it the embedded PGlite is used */
  databaseUrl?: string;
  /** directory for PGlite's files; omitted means in memory */
  pgliteDir?: string;
  /** PGlite in memory only: start from these files (a `dumpDataDir()` tarball) instead of an empty cluster */
  pgliteDump?: Uint8Array;
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
    if (schemaName !== 'public') await withMigrationLock(options.databaseUrl, schemaName, () => pool.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`));
    const pgDb = drizzlePg(pool, { schema });
    return {
      db: pgDb,
      kind: 'postgres',
      schemaName,
      migrate: () => withMigrationLock(options.databaseUrl!, schemaName, () => migratePg(pgDb, { migrationsFolder, migrationsSchema: schemaName === 'public' ? 'drizzle' : schemaName })),
      listen: (channel, onNotify) => listenPg(options.databaseUrl!, channel, onNotify),
      dumpDataDir: () => Promise.reject(new Error('dumpDataDir is for PGlite')),
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir
    ? new PGlite(options.pgliteDir)
    : new PGlite(options.pgliteDump ? { loadDataDir: new Blob([options.pgliteDump as Uint8Array<ArrayBuffer>]) } : {});
  await client.waitReady;
  const pgliteDb = drizzlePglite(client, { schema });
  return {
    db: pgliteDb,
    kind: 'pglite',
    schemaName: 'public',
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    async listen(channel, onNotify) {
      if (!CHANNEL.test(channel)) throw new Error(`bad channel name ${channel}`);
      const unsubscribe = await client.listen(channel, onNotify);
      return () => unsubscribe();
    },
    async dumpDataDir() {
      const file = await client.dumpDataDir('none');
      return new Uint8Array(await file.arrayBuffer());
    },
    close: () => client.close(),
  };
}
