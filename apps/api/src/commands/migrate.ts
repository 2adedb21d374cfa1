import { join } from 'node:path';
import { loadConfig, ConfigError } from '@hookwall/config';
import { createDatabase } from '@hookwall/db';

/**
 * `npm run migrate`: applies the committed migrations that the database (DATABASE_URL and
 * DATABASE_SCHEMA, else the embedded one in DATA_DIR) has not had yet, then exits. A release runs
 * it once before starting the new version's processes; on PostgreSQL it takes the same advisory
 * lock as a starting process, so both can never apply a migration twice.
 */
async function main() {
  let config;
  try {
    // migrating bills nobody: a release runs it with the database settings alone
    config = loadConfig(process.env, {}, { billing: false });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
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
