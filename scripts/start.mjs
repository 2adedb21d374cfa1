// Runs a built entry with node, after building what is stale (scripts/build.mjs, in child processes):
//   node scripts/start.mjs [--parts=server,web,video] <package export> [arguments…]
// `npm start` is `node scripts/start.mjs @hookwall/api/main`. The entry is resolved through the
// package's exports with node's default conditions (its dist/ file) and imported into this very
// process, so SIGINT and SIGTERM reach the server itself and its exit code is the command's.
import { fileURLToPath } from 'node:url';
import { ensureBuilt, PARTS, stopBuilds } from './build.mjs';

const args = process.argv.slice(2);
const partsFlag = args[0]?.startsWith('--parts=') ? args.shift() : undefined;
const parts = partsFlag ? partsFlag.slice('--parts='.length).split(',').filter(Boolean) : PARTS;
const [entry, ...rest] = args;
if (!entry || parts.some((p) => !PARTS.includes(p))) {
  console.error(`usage: node scripts/start.mjs [--parts=${PARTS.join(',')}] <package export> [arguments…]`);
  process.exit(2);
}

// a signal while building ends the builds too, then this process; the server installs its own handlers
const onSignal = (signal) => {
  stopBuilds(signal);
  process.exit(130);
};
process.on('SIGINT', onSignal);
process.on('SIGTERM', onSignal);
try {
  await ensureBuilt(parts);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  console.error('The build failed; see the errors above.');
  process.exit(1);
}
process.off('SIGINT', onSignal);
process.off('SIGTERM', onSignal);

const url = import.meta.resolve(entry);
// what the entry sees is what `node <its dist file> [arguments…]` would give it
process.argv = [process.argv[0], fileURLToPath(url), ...rest];
await import(url);
