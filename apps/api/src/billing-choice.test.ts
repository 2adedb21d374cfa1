import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The processes themselves, as a deployment starts them (their TypeScript through tsx): under
 * NODE_ENV=production, the API and the worker refuse to start without BILLING, before they listen
 * or touch a database; with it, the start says which billing runs.
 */
const root = join(import.meta.dirname, '../../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const dataDir = mkdtempSync(join(tmpdir(), 'hookwall-billing-choice-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const isListening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

function productionEnv(port: number, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', RUN_WORKER: 'false', ...extra };
  for (const key of ['BILLING', 'STRIPE_SECRET_KEY', 'DATABASE_URL']) if (!(key in extra)) delete env[key];
  return env;
}

const REFUSAL = /^Invalid configuration: BILLING is not set\. Under NODE_ENV=production choose it: BILLING=stripe/;

describe('a production start without a billing choice', () => {
  it.each([
    ['the API', 'apps/api/src/main.ts'],
    ['a worker', 'apps/worker/src/main.ts'],
  ])('%s exits 1 with one line saying what to set, and listens on nothing', async (_name, main) => {
    const port = await freePort();
    const run = spawnSync(tsx, ['--conditions=source', main], { cwd: root, env: productionEnv(port, main.includes('worker') ? { DATABASE_URL: 'postgresql://nobody@127.0.0.1:9/none' } : {}), encoding: 'utf8', timeout: 60_000 });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    const lines = run.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(REFUSAL);
    expect(await isListening(port)).toBe(false);
  });

  it('the API with BILLING=none starts, says so in its start line, and its health check reports it', async () => {
    const port = await freePort();
    const child = spawn(tsx, ['--conditions=source', 'apps/api/src/main.ts', '--no-worker'], { cwd: root, env: productionEnv(port, { BILLING: 'none' }), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      let health: { billing?: unknown } | null = null;
      for (let i = 0; i < 300 && !health && child.exitCode === null; i++) {
        health = await fetch(`http://127.0.0.1:${port}/api/health/`).then((r) => (r.ok ? r.json() : null), () => null);
        if (!health) await new Promise((r) => setTimeout(r, 300));
      }
      expect(health, output).not.toBeNull();
      expect(health!.billing).toEqual({ mode: 'none' });
      const started = output.split('\n').find((line) => line.includes('Hookwall is running at'));
      expect(JSON.parse(started!)).toMatchObject({ billing: 'none', msg: expect.stringContaining('billing: none, every team makes videos') });
    } finally {
      process.kill(-child.pid!, 'SIGINT');
      await exited;
    }
  }, 120_000);
});
