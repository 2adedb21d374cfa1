import { join } from 'node:path';
import { loadConfigOrExit } from '@hookwall/config';
import { createDatabase } from '@hookwall/db';

/**
 * `npm run migrate`: applies the committed migrations that the database (DATABASE_URL and
 * DATABASE_SCHEMA, else the embedded one in DATA_DIR) has not had yet, then exits. A release runs
 * it once before starting the new version's processes; on PostgreSQL it takes the same advisory
 * lock as a starting process, so both can never apply a migration twice.
 */
async function main() {
  // migrating bills nobody: a release runs it with the database settings alone
  const config = loadConfigOrExit({ billing: false });
  const database = await createDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: join(config.DATA_DIR, 'pglite'), schemaName: config.DATABASE_SCHEMA });
  try {
    const started = Date.now();
    await database.migrate();
    console.log(`Migrations applied (${database.kind}, schema ${database.schemaName}) in ${Date.now() - started} ms.`);
  } finally {
    await database.close();
  }
}

void main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
