// `npm run build`: the production build, in three parts, each skipped while its output is newer
// than its sources (`--force` rebuilds them all; name parts to build only those):
//   server  every workspace package's exports, TypeScript → JavaScript with esbuild: each
//           `{ "source": "./src/x.ts", "default": "./dist/x.js" }` entry is bundled with the
//           package's own files (dependencies, @hookwall/* included, stay imports), so `node`
//           runs dist/ through the `default` condition while tests and tsx use `source`;
//   web     the single-page app (Vite) into apps/web/dist, served by the API;
//   video   the Remotion bundle of the compositions into packages/video/dist/video-bundle,
//           loaded by the worker's browser.
// Plain Node (no tsx), and the tools it runs are `dependencies`, so it also works after
// `NODE_ENV=production npm ci`. `npm start` (scripts/start.mjs) calls ensureBuilt() before it
// runs the server: each stale part is built in a child process, so the server process never
// loads a bundler.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const OUTPUTS_FILE = '.server-build.json';
export const PARTS = ['server', 'web', 'video'];

/** The workspace packages (package.json `workspaces`, `dir/*` patterns), with their package.json. */
function workspaces() {
  return rootPackage.workspaces.flatMap((pattern) => {
    if (!pattern.endsWith('/*')) return [pattern];
    const parent = join(root, pattern.slice(0, -2));
    return existsSync(parent) ? readdirSync(parent).map((name) => join(pattern.slice(0, -2), name)) : [];
  })
    .filter((dir) => existsSync(join(root, dir, 'package.json')))
    .map((dir) => ({ dir, pkg: JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) }));
}

/**
 * A package's server entries: every export with a TypeScript `source` and a `default` under dist/.
 * An export that points at TypeScript alone would make `node` load a .ts file in production: refused.
 */
function serverEntries({ dir, pkg }) {
  const entries = [];
  for (const [subpath, target] of Object.entries(pkg.exports ?? {})) {
    if (typeof target === 'string') {
      if (/\.[cm]?tsx?$/.test(target)) {
        throw new Error(`${dir}/package.json: the export "${subpath}" points at TypeScript (${target}); write it as { "source": "${target}", "default": "./dist/….js" } so that node runs the build`);
      }
      continue;
    }
    if (!target?.source || !/\.tsx?$/.test(target.source)) continue;
    if (typeof target.default !== 'string' || !/^\.\/dist\/.+\.js$/.test(target.default)) {
      throw new Error(`${dir}/package.json: the export "${subpath}" needs a "default" under ./dist/ ending in .js`);
    }
    entries.push({ in: target.source, out: target.default.slice('./dist/'.length, -'.js'.length) });
  }
  return entries;
}

/** The newest modification time under the paths (directories count too, so a deleted file shows). */
function newest(paths) {
  let max = 0;
  const visit = (path) => {
    if (!existsSync(path)) return;
    const info = statSync(path);
    max = Math.max(max, info.mtimeMs);
    if (!info.isDirectory()) return;
    for (const name of readdirSync(path)) {
      if (name === 'node_modules' || name === 'dist' || /\.test\.tsx?$/.test(name)) continue;
      visit(join(path, name));
    }
  };
  paths.forEach(visit);
  return max;
}

const mtime = (path) => (existsSync(path) ? statSync(path).mtimeMs : 0);
const buildScript = [join(root, 'scripts/build.mjs')];

/** What each part reads and writes: stale when an output is missing or older than the newest source. */
function plan() {
  const server = workspaces()
    .map((ws) => ({ ...ws, entries: serverEntries(ws) }))
    .filter((ws) => ws.entries.length > 0)
    .map((ws) => {
      const base = join(root, ws.dir);
      const outputs = ws.entries.map((e) => join(base, 'dist', `${e.out}.js`));
      const stale = Math.min(...outputs.map(mtime)) < newest([join(base, 'src'), join(base, 'package.json'), ...buildScript]);
      return { ...ws, stale };
    });
  const web = workspaces().find((ws) => ws.dir === 'apps/web');
  const webSources = [
    ...['src', 'public', 'index.html', 'vite.config.ts', 'tsconfig.json', 'package.json'].map((p) => join(root, 'apps/web', p)),
    // the workspace packages the app imports, read from their sources (the `source` condition)
    ...Object.keys(web?.pkg.dependencies ?? {})
      .map((name) => workspaces().find((ws) => ws.pkg.name === name))
      .filter(Boolean)
      .flatMap((ws) => [join(root, ws.dir, 'src'), join(root, ws.dir, 'package.json')]),
    ...buildScript,
  ];
  const video = join(root, 'packages/video');
  return {
    server: { stale: server.some((p) => p.stale), packages: server },
    web: { stale: Boolean(web) && mtime(join(root, 'apps/web/dist/index.html')) < newest(webSources) },
    video: {
      stale: existsSync(video) && mtime(join(video, 'dist/video-bundle/hookwall-sources.sha256')) < newest([join(video, 'src'), join(video, 'package.json'), ...buildScript]),
    },
  };
}

async function buildServer(force) {
  const esbuild = await import('esbuild');
  const packages = plan().server.packages.filter((p) => force || p.stale);
  await Promise.all(
    packages.map(async ({ dir, entries }) => {
      const base = join(root, dir);
      const outdir = join(base, 'dist');
      // remove what the previous build wrote (and only that: dist/ may hold other build outputs)
      const previous = join(outdir, OUTPUTS_FILE);
      if (existsSync(previous)) for (const file of JSON.parse(readFileSync(previous, 'utf8'))) rmSync(join(outdir, file), { force: true });
      const result = await esbuild.build({
        absWorkingDir: base,
        entryPoints: entries,
        outdir,
        bundle: true,
        // dependencies, the other workspace packages included, are imported at run time
        packages: 'external',
        platform: 'node',
        format: 'esm',
        target: 'node20',
        // one copy of each module shared by several entries of the package
        splitting: true,
        chunkNames: 'chunks/[name]-[hash]',
        sourcemap: true,
        metafile: true,
        logLevel: 'warning',
      });
      mkdirSync(outdir, { recursive: true });
      writeFileSync(previous, JSON.stringify(Object.keys(result.metafile.outputs).map((file) => relative(outdir, join(base, file)))));
    }),
  );
  return packages.map((p) => p.dir).join(', ');
}

function buildWeb() {
  const vite = createRequire(join(root, 'apps/web/package.json')).resolve('vite/package.json');
  return run([join(dirname(vite), 'bin/vite.js'), 'build', '--logLevel', 'warn'], join(root, 'apps/web'));
}

async function buildVideo() {
  const { buildVideoBundle } = await import('@hookwall/video/bundle');
  await buildVideoBundle();
}

const children = new Set();

/** Ends the builds under way (a signal to `npm start` while it builds must not leave them running). */
export function stopBuilds(signal = 'SIGTERM') {
  for (const child of children) child.kill(signal);
}

function run(args, cwd = root) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, args, { cwd, stdio: 'inherit' });
    children.add(child);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (code === 0) resolvePromise();
      else reject(new Error(`${args.join(' ')} ended with ${signal ?? code}`));
    });
  });
}

/** Builds one part in a child process, timed. */
async function buildPart(part, force) {
  const started = Date.now();
  console.log(`Building ${part === 'server' ? 'the server code' : part === 'web' ? 'the web app' : 'the video bundle'}…`);
  await (part === 'web' ? buildWeb() : run([join(root, 'scripts/build.mjs'), '--child', part, ...(force ? ['--force'] : [])]));
  console.log(`Built ${part} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

/**
 * Builds the stale parts among `parts` (all of them with `force`), each in a child process: the
 * server code first (the video bundle's builder is part of it), the web app beside both.
 * Resolves with the parts it built.
 */
export async function ensureBuilt(parts = PARTS, { force = false } = {}) {
  const state = plan();
  const todo = parts.filter((part) => force || state[part].stale);
  const server = todo.includes('server') ? buildPart('server', force) : Promise.resolve();
  // the video bundle's builder is @hookwall/video's built bundle.js: build the server code first when it is stale
  const needsServerFirst = !todo.includes('server') && todo.includes('video') && state.server.packages.some((p) => p.dir === 'packages/video' && p.stale);
  const first = needsServerFirst ? buildPart('server', force) : server;
  await Promise.all([first.then(() => (todo.includes('video') ? buildPart('video', force) : undefined)), todo.includes('web') ? buildPart('web', force) : undefined]);
  return todo;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  try {
    if (args[0] === '--child') {
      const part = args[1];
      if (part === 'server') await buildServer(force);
      else if (part === 'video') await buildVideo();
      else throw new Error(`unknown part ${part}`);
    } else {
      const named = args.filter((a) => !a.startsWith('--'));
      const unknown = named.filter((p) => !PARTS.includes(p));
      if (unknown.length) throw new Error(`unknown part ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}`);
      const started = Date.now();
      const built = await ensureBuilt(named.length ? named : PARTS, { force });
      console.log(built.length ? `Build done in ${((Date.now() - started) / 1000).toFixed(1)} s.` : 'Everything is built and up to date.');
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
