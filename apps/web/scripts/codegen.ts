/**
 * `npm run codegen`: builds the API in-process on a throwaway in-memory PGlite, writes its OpenAPI
 * document to src/api/generated/openapi.json, then generates the RTK Query endpoints from it.
 * The output is committed and never edited by hand.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@hookwall/config';
import { createDatabase } from '@hookwall/db';
import { buildApp } from '../../api/src/app.ts';

const webDir = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'hookwall-codegen-'));
try {
  const config = loadConfig(process.env, { DATA_DIR: dataDir, WEB_DIST_DIR: join(dataDir, 'no-web'), LOG_LEVEL: 'silent' });
  const database = await createDatabase({});
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  const response = await app.inject({ method: 'GET', url: '/api/schema/' });
  if (response.statusCode !== 200) throw new Error(`GET /api/schema/ answered ${response.statusCode}`);
  const schemaFile = join(webDir, 'src/api/generated/openapi.json');
  writeFileSync(schemaFile, `${JSON.stringify(response.json(), null, 2)}\n`);
  await app.close();
  await database.close();
  execFileSync('npx', ['rtk-query-codegen-openapi', 'openapi-config.cjs'], { cwd: webDir, stdio: 'inherit' });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
