import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    /** the e2e project's shared server (support/global-setup.ts): its address and data directory */
    e2eServer: SharedServer;
  }
}

/** A server a test file uses: its address and its data directory (DATA_DIR, with the mail outbox). */
export interface SharedServer {
  url: string;
  dataDir: string;
}

export interface RunningServer extends SharedServer {
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * The real product as `npm start` runs it: `node scripts/start.mjs --parts=server @hookwall/api/main`
 * (the built JavaScript of dist/, the server code rebuilt first when its sources are newer; API,
 * built web app, in-process worker) on a fresh data directory and a free port. The web app and the
 * video bundle must have been built (`npm run test:e2e` does it first).
 */
export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(join(root, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run `node scripts/build.mjs web video` first');
  const dataDir = mkdtempSync(join(tmpdir(), 'hookwall-e2e-'));
  // a private copy of the built app, so a rebuild of apps/web/dist during the run cannot swap assets under the test
  const webDist = join(dataDir, 'web');
  cpSync(join(root, 'apps/web/dist'), webDist, { recursive: true });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs', '--parts=server', '@hookwall/api/main'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', PORT: String(port), HOST: '127.0.0.1', APP_URL: url, DATA_DIR: dataDir, LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '1000', WEB_DIST_DIR: webDist, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  // the start may build the server code first (a minute or so on a busy machine)
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      const res = await fetch(`${url}/api/health/`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        // a pending timer would keep vitest's main process (where the shared server's teardown runs) alive
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, 15_000)))]);
        clearTimeout(timer);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
