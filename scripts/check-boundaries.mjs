// Checks the dependency direction of ARCHITECTURE.md over the TypeScript sources:
// - packages never import apps;
// - a module of apps/api never imports another module's repository (it calls its service);
// - routes of apps/api never import a repository (a handler calls one service function);
// - in apps/api, only repositories (and tests) touch SQL: nothing else imports drizzle-orm;
// - in apps/web: the shared layers (api/, components/, lib/) never import features/; a feature
//   imports another only through its public entry (features/<name>/index.ts); app state (the
//   store's slices) lives in app/; only lib/env.ts reads import.meta.env;
// - no import cycles among relative imports (type-only imports excluded).
// It also checks two rules of the code's comments and types over apps/, packages/, scripts/, e2e/:
// - a comment that cites a document cites a file in the repository: no "spec section", "§" (RFC
//   citations excepted: those are public), product-spec, api-contract, and no `*.md` path that does
//   not exist here (design notes live in docs/);
// - at most four `as unknown as` casts in source outside tests.
// A plain script instead of an eslint plugin: the resolver those plugins use ships per-platform
// binaries that this registry does not fully carry, which breaks `npm ci` on a clean clone.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const roots = ['apps/api/src', 'apps/worker/src', 'packages'];
const files = [];
function walk(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'generated') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.tsx?$/.test(name)) files.push(path);
  }
}
for (const r of roots) if (existsSync(join(root, r))) walk(join(root, r));

const importRe = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+['"]([^'"]+)['"]/gm;
const problems = [];
const graph = new Map();
for (const file of files) {
  const rel = relative(root, file);
  const source = readFileSync(file, 'utf8');
  const edges = [];
  for (const match of source.matchAll(importRe)) {
    const isTypeOnly = Boolean(match[2]);
    const spec = match[3];
    if (rel.startsWith('packages/') && (spec.startsWith('@hookwall/api') || spec.startsWith('@hookwall/worker') || spec.startsWith('@hookwall/web') || (spec.startsWith('.') && relative(root, resolve(dirname(file), spec)).startsWith('apps/')))) {
      problems.push(`${rel}: a package imports an app (${spec})`);
    }
    if (/^apps\/api\/src\//.test(rel) && !/\.repository\.ts$|\.test\.ts$|\/test\//.test(rel) && spec.startsWith('drizzle-orm') && !isTypeOnly) {
      problems.push(`${rel}: touches SQL (${spec}); only repositories do`);
    }
    if (!spec.startsWith('.')) continue;
    const target = relative(root, resolve(dirname(file), spec));
    const own = /^apps\/api\/src\/modules\/([^/]+)\//.exec(rel)?.[1];
    const other = /^apps\/api\/src\/modules\/([^/]+)\/[^/]+\.repository\.ts$/.exec(target)?.[1];
    if (own && other && own !== other) problems.push(`${rel}: imports the ${other} module's repository; call its service instead`);
    if (/^apps\/api\/src\/.*\.routes\.ts$/.test(rel) && /\.repository\.ts$/.test(target)) problems.push(`${rel}: a route imports a repository (${spec}); call a service instead`);
    if (!isTypeOnly) edges.push(target);
  }
  graph.set(rel, edges);
}

// the web app's layers (its imports use the '@/' alias for src/)
const webRoot = join(root, 'apps/web/src');
const webFiles = [];
(function walkWeb(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === 'generated') continue;
    if (statSync(path).isDirectory()) walkWeb(path);
    else if (/\.tsx?$/.test(name)) webFiles.push(path);
  }
})(webRoot);
for (const file of webFiles) {
  const rel = relative(webRoot, file);
  const layer = rel.split('/')[0];
  const ownFeature = layer === 'features' ? rel.split('/')[1] : null;
  if (rel !== 'lib/env.ts' && readFileSync(file, 'utf8').includes('import.meta.env')) problems.push(`apps/web/src/${rel}: reads import.meta.env; use webEnv from lib/env.ts`);
  if (/-slice\.ts$/.test(rel) && layer !== 'app') problems.push(`apps/web/src/${rel}: app state (a slice) belongs in app/`);
  for (const match of readFileSync(file, 'utf8').matchAll(importRe)) {
    const spec = match[3];
    const target = spec.startsWith('@/') ? spec.slice(2) : spec.startsWith('.') ? relative(webRoot, resolve(dirname(file), spec)) : null;
    if (!target || !target.startsWith('features/')) continue;
    const [, feature, ...rest] = target.split('/');
    if (['api', 'components', 'lib'].includes(layer)) problems.push(`apps/web/src/${rel}: the shared layer ${layer}/ imports a feature (${spec})`);
    else if (ownFeature && feature !== ownFeature && rest.length > 0 && rest.join('/') !== 'index') {
      problems.push(`apps/web/src/${rel}: imports ${spec}; use the feature's public entry '@/features/${feature}'`);
    }
  }
}
files.push(...webFiles);

// cycle search (depth-first, three colours)
const state = new Map();
const stack = [];
function visit(node) {
  state.set(node, 'open');
  stack.push(node);
  for (const next of graph.get(node) ?? []) {
    if (!graph.has(next)) continue;
    if (state.get(next) === 'open') {
      problems.push(`import cycle: ${[...stack.slice(stack.indexOf(next)), next].join(' → ')}`);
    } else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(node, 'done');
}
for (const node of graph.keys()) if (!state.has(node)) visit(node);

// comments citing documents outside the repository, and double casts
const MAX_DOUBLE_CASTS = 4;
const self = relative(root, import.meta.filename);
const sourceFiles = [];
function walkSources(dir) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name === 'generated' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walkSources(path);
    else if (/\.(tsx?|[cm]?js)$/.test(name)) sourceFiles.push(path);
  }
}
for (const r of ['apps', 'packages', 'scripts', 'e2e']) if (existsSync(join(root, r))) walkSources(join(root, r));
const isTest = (rel) => /^e2e\/|(^|\/)test\/|\.test\.tsx?$|\.e2e\.ts$|\.test-helpers\.ts$/.test(rel);
const citations = [
  [/\bspec(ification)? sections?\b/i, 'a spec section'],
  [/(?<!RFC \d+ )§/, 'a section sign outside an RFC citation'],
  [/\bproduct-spec\b/, 'product-spec'],
  [/\bapi-contract\b/, 'api-contract'],
];
const commentRe = /\/\*[\s\S]*?\*\/|\/\/[^\n]*/g;
const mdPathRe = /(?<![\w/.:-])((?:[\w.-]+\/)*[\w.-]+\.md)\b/g;
const docProblems = [];
const casts = [];
for (const file of sourceFiles) {
  const rel = relative(root, file);
  if (rel === self) continue;
  const source = readFileSync(file, 'utf8');
  const lineOf = (index) => source.slice(0, index).split('\n').length;
  for (const comment of source.matchAll(commentRe)) {
    const text = comment[0].replace(/https?:\/\/\S+/g, '');
    for (const [re, what] of citations) {
      const hit = re.exec(text);
      if (hit) docProblems.push(`${rel}:${lineOf(comment.index + hit.index)}: cites ${what}, not a file in the repository`);
    }
    for (const md of text.matchAll(mdPathRe)) {
      const path = md[1];
      if ([join(root, path), join(root, 'docs', path), resolve(dirname(file), path)].some((p) => existsSync(p))) continue;
      docProblems.push(`${rel}:${lineOf(comment.index + md.index)}: cites ${path}, which is not in the repository (design notes live in docs/)`);
    }
  }
  if (!isTest(rel)) for (const cast of source.matchAll(/\bas unknown as\b/g)) casts.push(`${rel}:${lineOf(cast.index)}`);
}
if (casts.length > MAX_DOUBLE_CASTS) {
  docProblems.push(`${casts.length} 'as unknown as' casts in source outside tests, at most ${MAX_DOUBLE_CASTS}; type these instead:\n${casts.map((c) => `      ${c}`).join('\n')}`);
}

if (problems.length) console.error(`Dependency rules broken:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
if (docProblems.length) console.error(`Comment and type rules broken:\n${docProblems.map((p) => `  - ${p}`).join('\n')}`);
if (problems.length || docProblems.length) process.exit(1);
console.log(`Dependency rules hold across ${files.length} files; comments cite files in the repository and ${casts.length} of at most ${MAX_DOUBLE_CASTS} 'as unknown as' casts remain, in ${sourceFiles.length - 1} files.`);
