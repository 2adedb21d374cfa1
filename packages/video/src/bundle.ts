// The compositions as the worker's browser loads them: a Remotion bundle built from this package's
// sources (`npm run build` / `npm run build:video`), kept in this package's own dist/video-bundle.
// Only node built-ins are imported here: the bundler (rspack, webpack) is loaded on demand, so a
// worker that finds the bundle built never loads it.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// this file is src/bundle.ts in the sources and dist/bundle.js when built: both are one level below the package
const packageDir = fileURLToPath(new URL('..', import.meta.url));
/** where the bundle is built; the worker serves it to Chromium */
export const DEFAULT_BUNDLE_DIR = join(packageDir, 'dist', 'video-bundle');
const STAMP = 'hookwall-sources.sha256';

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

/** A hash of the compositions' sources and the pinned package versions: the bundle is rebuilt when it changes. */
export function videoSourcesHash(): string {
  const hash = createHash('sha256');
  for (const file of [...listFiles(join(packageDir, 'src')), join(packageDir, 'package.json')].sort()) {
    if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
    hash.update(file.slice(packageDir.length)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function isBundleFresh(bundleDir = DEFAULT_BUNDLE_DIR): boolean {
  const stamp = join(bundleDir, STAMP);
  return existsSync(join(bundleDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === videoSourcesHash();
}

/**
 * Bundles the compositions with Remotion's bundler, once, at build time. Rspack, not webpack:
 * it makes the same bundle several times quicker, which keeps the first `npm start` of a fresh
 * clone within its time budget.
 */
export async function buildVideoBundle(bundleDir = DEFAULT_BUNDLE_DIR): Promise<string> {
  const { bundle } = await import('@remotion/bundler');
  const hash = videoSourcesHash();
  const out = await bundle({
    entryPoint: join(packageDir, 'src', 'entry.ts'),
    outDir: bundleDir,
    rspack: true,
    enableCaching: false,
    onProgress: () => undefined,
  });
  writeFileSync(join(out, STAMP), hash);
  return out;
}

/** The bundle to render from: the prebuilt one when current, else built now (a fresh clone, or edited sources). */
export async function ensureVideoBundle(bundleDir = DEFAULT_BUNDLE_DIR): Promise<string> {
  if (isBundleFresh(bundleDir)) return bundleDir;
  return buildVideoBundle(bundleDir);
}
