import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createDatabase, type Database } from './client.ts';

/**
 * Test databases made from one template, migrated once per test run rather than once per test app
 * (docs/testing.md). A fresh PGlite runs initdb, which costs several CPU-seconds; loading the files
 * of one already migrated costs a third of that. On PostgreSQL each test app gets a database of its
 * own, copied from a migrated template database (`CREATE DATABASE … TEMPLATE`).
 *
 * The template is named by a string a test run hands to its test processes: the path of the PGlite
 * dump, or `postgres:<database>` on PostgreSQL.
 */
export interface DatabaseTemplate {
  /** what createTestDatabase takes */
  ref: string;
  drop(): Promise<void>;
}

const POSTGRES = 'postgres:';

/** `url` with its database name replaced */
export function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function admin<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** Migrates an empty database once: a PGlite whose files are dumped to a file, or a PostgreSQL template database. */
export async function createDatabaseTemplate(databaseUrl?: string): Promise<DatabaseTemplate> {
  if (databaseUrl) {
    const name = `hookwall_template_${randomBytes(5).toString('hex')}`;
    await admin(databaseUrl, (c) => c.query(`CREATE DATABASE ${name}`));
    const database = await createDatabase({ databaseUrl: withDatabaseName(databaseUrl, name), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      // a template may have no open connection while it is copied
      await database.close();
    }
    return {
      ref: `${POSTGRES}${name}`,
      drop: () => admin(databaseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined),
    };
  }
  const database = await createDatabase({});
  try {
    await database.migrate();
    const dir = mkdtempSync(join(tmpdir(), 'hookwall-db-template-'));
    const file = join(dir, 'pglite.tar');
    writeFileSync(file, await database.dumpDataDir());
    return { ref: file, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  } finally {
    await database.close();
  }
}

export interface TestDatabase {
  database: Database;
  /** PostgreSQL only: the URL of this test's own database (for processes a test starts) */
  databaseUrl?: string;
  /** closes the database and deletes it */
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test app: from the run's template when there is one, else
 * migrated from nothing. On PostgreSQL (`databaseUrl`), a database of its own.
 */
export async function createTestDatabase(options: { databaseUrl?: string; template?: string; poolSize?: number }): Promise<TestDatabase> {
  const { databaseUrl, template } = options;
  if (databaseUrl) {
    const name = `hookwall_test_${randomBytes(6).toString('hex')}`;
    const from = template?.startsWith(POSTGRES) ? template.slice(POSTGRES.length) : undefined;
    await admin(databaseUrl, (c) => c.query(`CREATE DATABASE ${name}${from ? ` TEMPLATE ${from}` : ''}`));
    const url = withDatabaseName(databaseUrl, name);
    const database = await createDatabase({ databaseUrl: url, poolSize: options.poolSize });
    // nothing to apply after a template; from nothing, every migration
    await database.migrate();
    return {
      database,
      databaseUrl: url,
      async drop() {
        await database.close().catch(() => undefined);
        await admin(databaseUrl, async (c) => {
          // the pool's end resolves before its connections have closed; one that FORCE ends then
          // raises an error in the test process, during whichever file runs next
          for (let tries = 0; tries < 100; tries++) {
            const { rows } = await c.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
            if (rows[0]!.n === 0) break;
            await new Promise((r) => setTimeout(r, 50));
          }
          await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        }).catch(() => undefined);
      },
    };
  }
  const dump = template && !template.startsWith(POSTGRES) ? readFileSync(template) : undefined;
  const database = await createDatabase({ pgliteDump: dump });
  await database.migrate();
  return { database, drop: () => database.close() };
}
