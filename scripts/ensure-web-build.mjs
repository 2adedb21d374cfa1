// Builds the web app before `npm start` when apps/web/dist is missing or older than its sources,
// so a fresh clone serves the whole product and a restart does not rebuild for nothing.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const web = 'apps/web';
const builtAt = existsSync(join(web, 'dist/index.html')) ? statSync(join(web, 'dist/index.html')).mtimeMs : 0;

function newest(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), info.mtimeMs);
}

const sources = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json'].map((p) => newest(join(web, p)));
const pkg = JSON.parse(readFileSync(join(web, 'package.json'), 'utf8'));
if (!pkg.scripts?.build) process.exit(0);
if (Math.max(...sources) > builtAt) {
  console.log('Building the web app…');
  try {
    execFileSync('npm', ['run', 'build', '-w', web], { stdio: 'inherit' });
  } catch {
    console.error('The web app did not build; see the errors above.');
    process.exit(1);
  }
}
