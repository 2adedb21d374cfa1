// Generates a migration from packages/db/src/schema with drizzle-kit, then drops the "public".
// qualifier drizzle-kit writes into foreign keys, so migrations apply inside any schema
// (the PostgreSQL test runs give every run its own schema through search_path).
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';

const dir = 'packages/db/migrations';
const args = ['drizzle-kit', 'generate', '--config', 'packages/db/drizzle.config.ts', ...process.argv.slice(2)];
execFileSync('npx', args, { stdio: 'inherit' });
for (const file of readdirSync(dir).filter((f) => f.endsWith('.sql'))) {
  const path = `${dir}/${file}`;
  const sql = readFileSync(path, 'utf8');
  const fixed = sql.replaceAll('"public".', '');
  if (fixed !== sql) writeFileSync(path, fixed);
}
