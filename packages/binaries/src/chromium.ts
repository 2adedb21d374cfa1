import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, normalize } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { brotliDecompress, createBrotliDecompress } from 'node:zlib';
import { promisify } from 'node:util';

const unbrotli = promisify(brotliDecompress);

export interface ChromiumLaunchers {
  /** the browser with its own fallback font and the system's fonts (BINARIES=auto) */
  withSystemFonts: string;
  /** the browser that sees no system font (BINARIES=shipped: the same pixels on every machine) */
  isolated: string;
}

const unpacking = new Map<string, Promise<ChromiumLaunchers>>();

/** Quoted for /bin/sh, whatever the path holds. */
const shellQuote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
const xmlEscape = (s: string) => s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** The regular files of a tar archive (ustar), as path and bytes; links and special files are skipped. */
export function untar(archive: Buffer): { path: string; data: Buffer }[] {
  const files: { path: string; data: Buffer }[] = [];
  const text = (from: number, length: number) => archive.subarray(from, from + length).toString('utf8').replace(/\0.*$/s, '');
  for (let at = 0; at + 512 <= archive.length; ) {
    const name = text(at, 100);
    if (!name) break;
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const type = String.fromCharCode(archive[at + 156] ?? 0);
    const prefix = text(at + 257, 6).startsWith('ustar') ? text(at + 345, 155) : '';
    const path = normalize(prefix ? `${prefix}/${name}` : name);
    const body = at + 512;
    if ((type === '0' || type === '\0') && !path.startsWith('..') && !path.startsWith('/')) {
      files.push({ path, data: archive.subarray(body, body + size) });
    }
    at = body + Math.ceil(size / 512) * 512;
  }
  return files;
}

/**
 * Unpacks the Chromium build of @sparticuz/chromium (brotli-compressed in its npm tarball) into
 * `<cache>/chromium-<version>-<arch>`: the browser, the libraries it needs that a bare system may
 * lack (NSS, expat: its `al2023` archive), SwiftShader, and one fallback font (Open Sans: without
 * any font, Chromium draws no text at all, web fonts included). Unpacked into a folder of its own
 * and renamed into place, so processes starting together never see half of it; done once.
 */
export function extractShippedChromium(packageDir: string, cache: string): Promise<ChromiumLaunchers> {
  const key = `${packageDir}\0${cache}`;
  let pending = unpacking.get(key);
  if (!pending) {
    pending = unpack(packageDir, cache);
    unpacking.set(key, pending);
    pending.catch(() => unpacking.delete(key));
  }
  return pending;
}

async function unpack(packageDir: string, cache: string): Promise<ChromiumLaunchers> {
  const { version } = JSON.parse(await readFile(join(packageDir, 'package.json'), 'utf8')) as { version: string };
  const target = join(cache, `chromium-${version}-${process.arch}`);
  const launchers = { withSystemFonts: join(target, 'chromium-system-fonts'), isolated: join(target, 'chromium-isolated') };
  if (existsSync(join(target, '.complete'))) return launchers;

  const bin = join(packageDir, 'bin');
  const partial = `${target}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
  await mkdir(partial, { recursive: true });
  try {
    // the browser (about 200 MB) streamed, off the event loop; the archives are small
    await pipeline(createReadStream(join(bin, 'chromium.br')), createBrotliDecompress(), createWriteStream(join(partial, 'chromium')));
    await chmod(join(partial, 'chromium'), 0o755);
    for (const [archive, into] of [['al2023.tar.br', '.'], ['swiftshader.tar.br', '.'], ['fonts.tar.br', '.']] as const) {
      for (const file of untar(await unbrotli(await readFile(join(bin, archive))))) {
        if (file.path === 'fonts.conf') continue; // its own points at Lambda's folders: ours are below
        const out = join(partial, into, file.path);
        await mkdir(dirname(out), { recursive: true });
        await writeFile(out, file.data, { mode: file.path.endsWith('.so') || file.path.includes('.so.') ? 0o755 : 0o644 });
      }
    }
    const fontsConf = (includeSystem: boolean) =>
      [
        '<?xml version="1.0"?>',
        '<!DOCTYPE fontconfig SYSTEM "fonts.dtd">',
        '<fontconfig>',
        includeSystem ? '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>' : '',
        `  <dir>${xmlEscape(join(target, 'fonts'))}</dir>`,
        `  <cachedir>${xmlEscape(join(target, 'fontconfig-cache'))}</cachedir>`,
        '</fontconfig>',
        '',
      ].filter((line) => line !== '').join('\n');
    await writeFile(join(partial, 'fonts-system.conf'), fontsConf(true));
    await writeFile(join(partial, 'fonts-isolated.conf'), fontsConf(false));
    const launcher = (conf: string) =>
      [
        '#!/bin/sh',
        '# The Chromium shipped in @sparticuz/chromium, with its own libraries and fonts (written by @hookwall/binaries).',
        `LD_LIBRARY_PATH=${shellQuote(join(target, 'lib'))}\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH} FONTCONFIG_FILE=${shellQuote(join(target, conf))} exec ${shellQuote(join(target, 'chromium'))} "$@"`,
        '',
      ].join('\n');
    await writeFile(join(partial, 'chromium-system-fonts'), launcher('fonts-system.conf'), { mode: 0o755 });
    await writeFile(join(partial, 'chromium-isolated'), launcher('fonts-isolated.conf'), { mode: 0o755 });
    await writeFile(join(partial, '.complete'), `${version}\n`);
    try {
      await rename(partial, target);
    } catch (error) {
      // another process got there first: use its copy
      if (!existsSync(join(target, '.complete'))) throw error;
    }
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
  return launchers;
}
