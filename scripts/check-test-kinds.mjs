// `npm run lint`: each server-side test file is of the kind its name says (vitest.config.ts,
// docs/testing.md), so that it runs where it should and no more often:
//   x.test.ts         unit    may not open the suite's database nor start the real engine
//   x.db.test.ts      db      may open the database, may not start the real engine (it runs twice)
//   x.render.test.ts  render  the real engine (Chromium and ffmpeg), once
//   x.pg.test.ts      pg      PostgreSQL only
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const dirs = ['apps/api/src', 'apps/worker/src', ...readdirSync(join(root, 'packages')).map((p) => `packages/${p}/src`)];
const opensDatabase = /\bcreateTestApp\(|\bcreateTestDatabase\(|\bcreateDatabase\(/;
const realEngine = /\bcreateRenderer\(|\brenderingWorker\(|\bcreateBrowser\(|\bcreateOverlayPages\(|\bcreateFullRenderer\(|\bfidelityRig\(/;

function* testFiles(dir) {
  let entries;
  try {
    entries = readdirSync(join(root, dir), { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) yield* testFiles(path);
    else if (entry.name.endsWith('.test.ts')) yield path;
  }
}

const problems = [];
for (const dir of dirs) {
  for (const file of testFiles(dir)) {
    const source = readFileSync(join(root, file), 'utf8');
    const kind = /\.(db|render|pg)\.test\.ts$/.exec(file)?.[1] ?? 'unit';
    if (kind === 'unit' && opensDatabase.test(source)) problems.push(`${file}: opens the suite's database; name it *.db.test.ts (or *.render.test.ts if it renders for real)`);
    if ((kind === 'unit' || kind === 'db') && realEngine.test(source)) {
      problems.push(`${file}: starts the real render engine; name it *.render.test.ts (it then runs once), or use the tiny engine (tinyRenderingWorker) if it checks a job's shape, not its pixels`);
    }
  }
}
if (problems.length) {
  console.error(`Test files of the wrong kind (see vitest.config.ts):\n${problems.map((p) => `  ${p}`).join('\n')}`);
  process.exit(1);
}
console.log('Test kinds: every server-side test file is named for what it needs.');
