import { spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, copyFileSync, existsSync, mkdirSync, readFileSync, renameSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join } from 'node:path';
import { extractShippedChromium } from './chromium.ts';

/**
 * Where the three programs the product runs come from: Chromium (the renderer's browser), ffmpeg
 * and ffprobe. Each is looked for in this order: its variable (CHROMIUM_PATH, FFMPEG_PATH,
 * FFPROBE_PATH), the system's, then the build shipped inside an npm package (nothing is ever
 * downloaded). BINARIES=shipped skips the system's, so every machine of a farm runs the same
 * pinned builds and renders the same pixels.
 */
export type ToolName = 'chromium' | 'ffmpeg' | 'ffprobe';
/** `none`: nothing was found (the path is then the bare name, and checkTool says what to install) */
export type ToolSource = 'variable' | 'system' | 'shipped' | 'none';
export type BinariesMode = 'auto' | 'shipped';

export interface Tool {
  name: ToolName;
  path: string;
  source: ToolSource;
}

export interface ResolveOptions {
  /** the tool's variable (CHROMIUM_PATH, FFMPEG_PATH, FFPROBE_PATH), when set */
  configured?: string;
  mode?: BinariesMode;
  /** the PATH to look for the system's ffmpeg and ffprobe in */
  pathEnv?: string;
}

export class ToolNotFoundError extends Error {}

const VARIABLE: Record<ToolName, string> = { chromium: 'CHROMIUM_PATH', ffmpeg: 'FFMPEG_PATH', ffprobe: 'FFPROBE_PATH' };
const DEBIAN_PACKAGE: Record<ToolName, string> = { chromium: 'chromium-headless-shell (or chromium)', ffmpeg: 'ffmpeg', ffprobe: 'ffmpeg' };
const platform = `${process.platform}-${process.arch}`;

/** The packages that carry each build, by platform; only Linux x64 has them all. */
const SHIPPED_PACKAGE: Record<ToolName, Record<string, string>> = {
  chromium: { 'linux-x64': '@sparticuz/chromium' },
  ffmpeg: { 'linux-x64': '@ffmpeg-installer/linux-x64' },
  ffprobe: { 'linux-x64': '@ffprobe-installer/linux-x64' },
};

/** Debian's headless shell first (lighter, made for this), then the full browsers. */
const SYSTEM_CHROMIUM = ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

const require = createRequire(import.meta.url);

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function onPath(name: string, pathEnv: string | undefined): string | undefined {
  for (const dir of (pathEnv ?? '').split(delimiter)) {
    if (dir && isExecutable(join(dir, name))) return join(dir, name);
  }
  return undefined;
}

/** The folder of an installed package (its package.json's), or undefined when it is not installed. */
export function packageDir(name: string): string | undefined {
  let entry: string;
  try {
    entry = require.resolve(name);
  } catch {
    try {
      entry = require.resolve(`${name}/package.json`);
    } catch {
      return undefined;
    }
  }
  for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === name) return dir;
  }
  return undefined;
}

/**
 * A writable folder for what the shipped builds unpack: node_modules/.cache/hookwall beside the
 * packages, else the system's temporary folder (a read-only install).
 */
export function cacheRoot(besidePackage: string): string {
  const parent = dirname(besidePackage);
  const nodeModules = basename(parent).startsWith('@') ? dirname(parent) : parent;
  for (const dir of [join(nodeModules, '.cache', 'hookwall'), join(tmpdir(), `hookwall-${process.getuid?.() ?? 'user'}`)]) {
    try {
      mkdirSync(dir, { recursive: true });
      accessSync(dir, constants.W_OK);
      return dir;
    } catch {
      // not writable: the next one
    }
  }
  throw new Error('No writable folder to unpack the shipped binaries in (node_modules/.cache and the temporary folder are read-only).');
}

function notFound(name: ToolName, why: string): ToolNotFoundError {
  return new ToolNotFoundError(
    `No ${name} that runs here: ${why} Install ${name === 'chromium' ? "Debian's" : 'the package'} ${DEBIAN_PACKAGE[name]} ` +
      `(apt-get install ${name === 'chromium' ? 'chromium-headless-shell' : 'ffmpeg'}), or set ${VARIABLE[name]} to the program's path.`,
  );
}

/** The shipped ffmpeg or ffprobe: the file inside its package, made executable (npm may skip the package's own chmod). */
function shippedMediaTool(name: 'ffmpeg' | 'ffprobe'): string {
  const pkg = SHIPPED_PACKAGE[name][platform];
  const dir = pkg ? packageDir(pkg) : undefined;
  if (!pkg || !dir) throw notFound(name, `there is none on this machine, and the build shipped with Hookwall is for Linux x64 only (this is ${platform}).`);
  const file = join(dir, name);
  if (isExecutable(file)) return file;
  try {
    chmodSync(file, 0o755);
    return file;
  } catch {
    // a read-only install: a copy in the cache
    const version = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
    const copy = join(cacheRoot(dir), `${name}-${version}`);
    if (!isExecutable(copy)) {
      const partial = `${copy}.tmp-${process.pid}`;
      copyFileSync(file, partial);
      chmodSync(partial, 0o755);
      renameSync(partial, copy);
    }
    return copy;
  }
}

/** ffmpeg or ffprobe: the variable's, else the system's (on PATH), else the shipped static build. Synchronous and cheap: no program is run. */
export function resolveMediaTool(name: 'ffmpeg' | 'ffprobe', options: ResolveOptions = {}): Tool {
  if (options.configured) return { name, path: options.configured, source: 'variable' };
  if (options.mode !== 'shipped') {
    const system = onPath(name, options.pathEnv);
    if (system) return { name, path: system, source: 'system' };
  }
  return { name, path: shippedMediaTool(name), source: 'shipped' };
}

/**
 * Chromium: the variable's, else the system's, else the one shipped in @sparticuz/chromium, unpacked
 * once (the first time only) into the cache with its own libraries and a fallback font.
 * The path returned for it is a small launcher that sets those for the browser alone. In `shipped`
 * mode the browser sees no system font at all (every font the videos use is in their bundle).
 */
export async function resolveChromium(options: ResolveOptions = {}): Promise<Tool> {
  if (options.configured) return { name: 'chromium', path: options.configured, source: 'variable' };
  if (options.mode !== 'shipped') {
    const system = SYSTEM_CHROMIUM.find(isExecutable);
    if (system) return { name: 'chromium', path: system, source: 'system' };
  }
  const pkg = SHIPPED_PACKAGE.chromium[platform];
  const dir = pkg ? packageDir(pkg) : undefined;
  if (!pkg || !dir) throw notFound('chromium', `there is none on this machine, and the build shipped with Hookwall is for Linux x64 only (this is ${platform}).`);
  const launchers = await extractShippedChromium(dir, cacheRoot(dir));
  return { name: 'chromium', path: options.mode === 'shipped' ? launchers.isolated : launchers.withSystemFonts, source: 'shipped' };
}

/**
 * Runs the program once (`-version`, `--version`) so a build that cannot run on this machine
 * (another CPU, an older C library) stops the start with what to do, rather than failing every
 * render later. Returns the version line.
 */
export function checkTool(tool: Tool): string {
  const result = spawnSync(tool.path, [tool.name === 'chromium' ? '--version' : '-version'], { encoding: 'utf8', timeout: 30_000 });
  const firstLine = `${result.stdout ?? ''}`.trim().split('\n')[0] ?? '';
  if (result.error || result.status !== 0 || !firstLine) {
    const reason = result.error ? result.error.message : `${result.stderr ?? ''}`.trim().split('\n').slice(-2).join(' ') || `exit ${result.status}`;
    const where =
      tool.source === 'variable' ? `${VARIABLE[tool.name]}=${tool.path}` : tool.source === 'none' ? `none was found (not on PATH, and no build shipped for ${platform})` : `the ${tool.source} ${tool.name} (${tool.path})`;
    throw notFound(tool.name, tool.source === 'none' ? `${where}.` : `${where} does not run: ${reason}.`);
  }
  return firstLine;
}

/** ffmpeg and ffprobe as the product resolves them from these variables (FFMPEG_PATH, FFPROBE_PATH, BINARIES, PATH): for tests and scripts. */
export function mediaToolsFrom(env: Record<string, string | undefined>): { ffmpeg: string; ffprobe: string } {
  const mode: BinariesMode = env.BINARIES === 'shipped' ? 'shipped' : 'auto';
  return {
    ffmpeg: resolveMediaTool('ffmpeg', { configured: env.FFMPEG_PATH || undefined, mode, pathEnv: env.PATH }).path,
    ffprobe: resolveMediaTool('ffprobe', { configured: env.FFPROBE_PATH || undefined, mode, pathEnv: env.PATH }).path,
  };
}

/** Chromium as the product resolves it from these variables (CHROMIUM_PATH, BINARIES): for tests and scripts. */
export async function chromiumFrom(env: Record<string, string | undefined>): Promise<string> {
  return (await resolveChromium({ configured: env.CHROMIUM_PATH || undefined, mode: env.BINARIES === 'shipped' ? 'shipped' : 'auto' })).path;
}

export type CheckedTools = Partial<Record<ToolName, { path: string; source: ToolSource; version: string }>>;

/**
 * The start's check: finds the programs a process runs (ffmpeg and ffprobe; Chromium too where
 * renders run), unpacking the shipped Chromium the first time, and runs each once, so a program
 * that cannot run on this machine stops the start with what to install and which variable to set
 * (ToolNotFoundError) rather than failing every render later. Returns what each one is, for the log.
 */
export async function checkTools(
  settings: { CHROMIUM_PATH?: string; BINARIES: BinariesMode; tools: { ffmpeg: Tool; ffprobe: Tool } },
  options: { chromium: boolean },
): Promise<CheckedTools> {
  const tools = [settings.tools.ffmpeg, settings.tools.ffprobe];
  if (options.chromium) tools.unshift(await resolveChromium({ configured: settings.CHROMIUM_PATH, mode: settings.BINARIES }));
  return Object.fromEntries(tools.map((tool) => [tool.name, { path: tool.path, source: tool.source, version: checkTool(tool) }]));
}

/**
 * The default of a library function given no path: the shipped build (the bare name where none is
 * shipped). The processes always pass the configured one (config.FFMPEG_PATH); this only keeps a
 * caller that forgot from depending on what the machine happens to have on PATH.
 */
export function defaultMediaTool(name: 'ffmpeg' | 'ffprobe'): string {
  try {
    return resolveMediaTool(name, { mode: 'shipped' }).path;
  } catch {
    return name;
  }
}
