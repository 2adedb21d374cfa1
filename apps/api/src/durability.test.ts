// Durability of the embedded default: the server process killed with SIGKILL in the middle of a
// stream of writes, then started again on the same data directory, 20 times. Each start must open
// the PGlite data directory, and every write that was answered 2xx before a kill must still be
// there, with the content that answer confirmed. On PostgreSQL (DATABASE_URL) there is nothing of
// ours to test here: the server's own WAL and fsync handle it.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../..');
const CYCLES = Number(process.env.DURABILITY_CYCLES ?? 20);
const WRITERS = 4;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Server {
  child: ChildProcess;
  url: string;
  output: () => string;
}

/**
 * What `npm start` runs, without its prestart step (building the web app and the video bundle:
 * neither is needed by the API and both would only slow each of the 21 starts down).
 */
async function startServer(dataDir: string, port: number): Promise<Server> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', BUILTIN_BACKGROUNDS: 'false', OVERLOAD_RETRY_AFTER_SECONDS: '1' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', 'apps/api/src/main.ts'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited (${child.exitCode ?? child.signalCode}): ${output}`);
    const ok = await fetch(`${url}/api/health/`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { child, url, output: () => output };
    await new Promise((r) => setTimeout(r, 100));
  }
  kill(child);
  throw new Error(`server did not start: ${output}`);
}

/** SIGKILL to the whole process group (the server and anything it started), as `kill -9` on `npm start` would. */
function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
  return exited;
}

/**
 * One write, as a client makes it: a 503 with Retry-After (load shedding, which a server replaying
 * its database after a kill on a busy 2-core machine can trip at start) did nothing and is sent
 * again after the wait, up to 30 times.
 */
async function json(method: string, url: string, body: unknown, token?: string): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(url, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
      body: JSON.stringify(body),
    });
    const retryAfter = res.headers.get('retry-after');
    if (res.status !== 503 || !retryAfter || attempt >= 30) return res;
    await res.body?.cancel();
    await new Promise((r) => setTimeout(r, Number(retryAfter) * 1000));
  }
}

/** What the client was told: the context exists, with `content` (or, after an unanswered patch, possibly `patched`). */
interface Acknowledged {
  id: number;
  name: string;
  content: string;
  /** a patch was sent but not answered: either content may be there */
  maybe?: string;
}

async function listAll(url: string, token: string): Promise<Map<number, { name: string; content: string }>> {
  const found = new Map<number, { name: string; content: string }>();
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}/api/contexts/?ordering=created_at&page_size=100&page=${page}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { next: string | null; results: { id: number; name: string; content: string }[] };
    for (const row of body.results) found.set(row.id, { name: row.name, content: row.content });
    if (!body.next) return found;
  }
}

describe('npm start on PGlite, killed with SIGKILL during writes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hookwall-durability-'));
  let current: Server | null = null;
  afterAll(async () => {
    if (current) await kill(current.child);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every write answered 2xx across ${CYCLES} kills and restarts`, async () => {
    const port = await freePort();
    const started = performance.now();
    current = await startServer(dataDir, port);

    const email = 'durable@example.com';
    const password = 'survives sigkill';
    const reg = await json('POST', `${current.url}/api/auth/register/`, { email, password1: password, password2: password });
    expect(reg.status).toBe(201);
    const token = ((await reg.json()) as { access: string }).access;
    const team = await json('POST', `${current.url}/teams/api/teams/`, { name: 'Durable Team' }, token);
    expect(team.status).toBe(201);

    const acknowledged = new Map<number, Acknowledged>();
    let sent = 0;
    let answered = 0;
    const restarts: number[] = [];

    for (let cycle = 1; cycle <= CYCLES; cycle++) {
      const server = current;
      let isKilled = false;
      // each writer creates contexts one after another and patches every other one it made
      const writer = async (w: number) => {
        for (let i = 0; !isKilled; i++) {
          const name = `c${cycle}-w${w}-${i}`;
          sent++;
          const created = await json('POST', `${server.url}/api/contexts/`, { name, content: `first ${name}` }, token).catch(() => null);
          if (!created) return;
          if (created.status !== 201) throw new Error(`create answered ${created.status}: ${await created.text()}`);
          const row = (await created.json()) as { id: number };
          answered++;
          const entry: Acknowledged = { id: row.id, name, content: `first ${name}` };
          acknowledged.set(row.id, entry);
          if (i % 2 === 1) {
            sent++;
            entry.maybe = `patched ${name}`;
            const patched = await json('PATCH', `${server.url}/api/contexts/${row.id}/`, { content: `patched ${name}` }, token).catch(() => null);
            if (!patched) return;
            if (patched.status !== 200) throw new Error(`patch answered ${patched.status}: ${await patched.text()}`);
            answered++;
            entry.content = `patched ${name}`;
            delete entry.maybe;
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      // kill at a random moment of the stream, the writers still sending
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 900));
      isKilled = true;
      await kill(server.child);
      await Promise.all(writers);

      const restartedAt = performance.now();
      current = await startServer(dataDir, port);
      restarts.push(performance.now() - restartedAt);

      const found = await listAll(current.url, token);
      const lost = [...acknowledged.values()].filter((a) => {
        const row = found.get(a.id);
        return !row || row.name !== a.name || (row.content !== a.content && row.content !== a.maybe);
      });
      expect(lost, `cycle ${cycle}: writes answered 2xx but missing or stale after the restart`).toEqual([]);
      // what the listing holds now is what the next cycle must keep
      for (const a of acknowledged.values()) {
        const row = found.get(a.id)!;
        a.content = row.content;
        delete a.maybe;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const averageRestart = restarts.reduce((a, b) => a + b, 0) / restarts.length / 1000;
    console.log(
      `durability: ${CYCLES} SIGKILLs, ${answered} of ${sent} writes answered 2xx and all kept; ` +
        `restart ${averageRestart.toFixed(1)} s on average, ${seconds.toFixed(0)} s in all`,
    );
    expect(answered).toBeGreaterThan(CYCLES);
  }, 300_000);
});
