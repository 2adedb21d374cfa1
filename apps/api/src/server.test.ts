import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Starts `npm start` on the embedded defaults (no DATABASE_URL) and waits until it answers. */
async function startServer(dataDir: string, port: number): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' };
  delete env.DATABASE_URL;
  const child = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited: ${output}`);
    const ok = await fetch(`${url}/api/health/`).then((r) => r.ok, () => false);
    if (ok) return { child, url, output: () => output };
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`server did not start: ${output}`);
}

/** Ctrl-C as a terminal sends it: SIGINT to the whole process group. Resolves with the server's output. */
async function stopServer(server: { child: ChildProcess; output: () => string }) {
  const exited = new Promise<void>((resolve) => server.child.once('exit', () => resolve()));
  process.kill(-server.child.pid!, 'SIGINT');
  await exited;
  return server.output();
}

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) }, body: JSON.stringify(body) });

describe('npm start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hookwall-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps users and sessions across a clean stop and start', async () => {
    const port = await freePort();
    const first = await startServer(dataDir, port);
    let refresh: string;
    let access: string;
    try {
      const reg = await post(`${first.url}/api/auth/register/`, { email: 'restart@example.com', password1: 'survives restarts', password2: 'survives restarts' });
      expect(reg.status).toBe(201);
      const login = await (await post(`${first.url}/api/auth/login/`, { email: 'restart@example.com', password: 'survives restarts' })).json();
      expect(login.status).toBe('success');
      const rotated = await (await post(`${first.url}/api/auth/token/refresh/`, { refresh: login.jwt.refresh })).json();
      refresh = rotated.refresh;
      access = rotated.access;
    } finally {
      expect(await stopServer(first)).toContain('stopped cleanly');
    }

    const second = await startServer(dataDir, port);
    try {
      const me = await fetch(`${second.url}/api/auth/user/`, { headers: { authorization: `Bearer ${access}` } });
      expect(me.status).toBe(200);
      expect((await me.json()).email).toBe('restart@example.com');
      const again = await post(`${second.url}/api/auth/token/refresh/`, { refresh });
      expect(again.status).toBe(200);
      const login = await (await post(`${second.url}/api/auth/login/`, { email: 'restart@example.com', password: 'survives restarts' })).json();
      expect(login.status).toBe('success');
    } finally {
      expect(await stopServer(second)).toContain('stopped cleanly');
    }
  }, 400_000);
});
