import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
export const VIDEO_PACKAGE_DIR = resolve(here, '../../../../packages/video');
/** where `npm run build:video` puts the bundle; the worker serves it to Chromium */
export const DEFAULT_BUNDLE_DIR = resolve(here, '../../dist/video-bundle');
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
  for (const file of [...listFiles(join(VIDEO_PACKAGE_DIR, 'src')), join(VIDEO_PACKAGE_DIR, 'package.json')].sort()) {
    if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue;
    hash.update(file.slice(VIDEO_PACKAGE_DIR.length)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export function isBundleFresh(bundleDir = DEFAULT_BUNDLE_DIR): boolean {
  const stamp = join(bundleDir, STAMP);
  return existsSync(join(bundleDir, 'index.html')) && existsSync(stamp) && readFileSync(stamp, 'utf8').trim() === videoSourcesHash();
}

/** Bundles the compositions with Remotion's bundler (webpack), once, at build time. */
export async function buildVideoBundle(bundleDir = DEFAULT_BUNDLE_DIR): Promise<string> {
  const { bundle } = await import('@remotion/bundler');
  const hash = videoSourcesHash();
  const out = await bundle({
    entryPoint: join(VIDEO_PACKAGE_DIR, 'src/entry.ts'),
    outDir: bundleDir,
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
