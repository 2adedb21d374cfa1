// The product as a user gets it, for the benches: `node scripts/start.mjs @hookwall/api/main` (what
// `npm start` runs: the built dist/, the in-process worker, the configuration's defaults) on a
// data directory and a port of its own, driven through its HTTP API only, as a user does: register,
// verify through the file mailer's outbox, subscribe through the local test-mode checkout, make
// text walls over a built-in background, read each render's `render_ms` from the API.
// Only Node's own modules: nothing of the bench's process is part of what it measures.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the product. `env` is added to the bench's environment (DATABASE_URL is dropped: the
 * product runs on its embedded database, as a new install does). Resolves once /api/health/
 * answers; `stop()` ends it (SIGTERM to its process group) and removes its data directory.
 */
export interface Product {
  base: string;
  dataDir: string;
  pid: number;
  readyMs: number;
  log(): string;
  backgroundsMade(): number;
  stop(): Promise<void>;
}

export async function startProduct(env: Record<string, string> = {}): Promise<Product> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hookwall-bench-product-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  const childEnv: Record<string, string | undefined> = { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: base, LOG_LEVEL: 'info', ...env };
  delete childEnv.DATABASE_URL;
  // the bench's own tsx loader and source condition must not reach the product: it runs dist/ with plain node
  delete childEnv.NODE_OPTIONS;
  const server: ChildProcess = spawn(process.execPath, [join(root, 'scripts/start.mjs'), '@hookwall/api/main'], { cwd: root, env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout!.on('data', (c: Buffer) => (log += c));
  server.stderr!.on('data', (c: Buffer) => (log += c));
  const exited = new Promise((r) => server.once('exit', r));
  const kill = () => {
    try {
      process.kill(-server.pid!, 'SIGTERM');
    } catch {
      // already ended
    }
  };
  process.on('exit', kill);
  const stop = async () => {
    kill();
    await Promise.race([exited, sleep(20_000)]);
    try {
      process.kill(-server.pid!, 'SIGKILL');
    } catch {
      // ended cleanly
    }
    process.off('exit', kill);
    rmSync(dataDir, { recursive: true, force: true });
  };
  const t0 = Date.now();
  for (;;) {
    const ok = await fetch(`${base}/api/health/`).then((r) => r.ok, () => false);
    if (ok) break;
    if (server.exitCode !== null || Date.now() - t0 > 300_000) {
      await stop();
      throw new Error(`the product did not start:\n${log.slice(-3000)}`);
    }
    await sleep(200);
  }
  return {
    base,
    dataDir,
    pid: server.pid!,
    readyMs: Date.now() - t0,
    log: () => log,
    /** how many built-in backgrounds the product has made so far (its log says so for each) */
    backgroundsMade: () => (log.match(/built-in background \\?"[a-z-]+\\?" made in/g) ?? []).length,
    stop,
  };
}

/** A user of the product: registers, verifies from the outbox, subscribes with the local checkout. */
export interface ProductUser {
  email: string;
  api(method: string, path: string, body?: unknown, expect?: number[]): Promise<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- the API's JSON, read by the bench
  /** the session's and team's headers, for calls api() does not make (multipart uploads, downloads) */
  headers(): Record<string, string>;
}

export async function newUser(product: Product): Promise<ProductUser> {
  let token: string | null = null;
  let team: string | null = null;
  const call = async (method: string, path: string, body?: unknown) => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    if (team) headers['x-team-slug'] = team;
    const res = await fetch(new URL(path, product.base + '/'), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    return { res, text: await res.text() };
  };
  const api = async (method: string, path: string, body?: unknown, expect = [200]) => {
    let { res, text } = await call(method, path, body);
    // a session outlives its access token (15 minutes) on a long walk: log in again, as the web app refreshes
    if (res.status === 401 && token && /token_not_valid/.test(text)) {
      token = null;
      token = (await api('POST', '/api/auth/login/', { email, password })).jwt.access;
      ({ res, text } = await call(method, path, body));
    }
    if (!expect.includes(res.status)) throw new Error(`${method} ${path}: ${res.status} ${text.slice(0, 400)}`);
    return text ? JSON.parse(text) : null;
  };
  const email = `bench+${randomBytes(4).toString('hex')}@example.com`;
  const password = `Bench-${randomBytes(12).toString('base64url')}`;
  await api('POST', '/api/auth/register/', { email, password1: password, password2: password, first_name: 'Bench', last_name: 'User' }, [201]);
  const outbox = join(product.dataDir, 'outbox');
  let key: string | undefined;
  for (let i = 0; !key; i++) {
    if (i > 600) throw new Error(`no verification email in ${outbox}`);
    let names: string[] = [];
    try {
      names = readdirSync(outbox).filter((n) => n.endsWith('.eml'));
    } catch {
      // not made yet
    }
    for (const name of names) {
      const content = readFileSync(join(outbox, name), 'utf8').replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_: string, h: string) => String.fromCharCode(parseInt(h, 16)));
      if (content.includes(email)) key = /\/verify-email\?key=([A-Za-z0-9_-]+)/.exec(content)?.[1];
    }
    if (!key) await sleep(100);
  }
  await api('POST', '/api/auth/registration/verify-email/', { key });
  token = (await api('POST', '/api/auth/login/', { email, password })).jwt.access;
  const slug = (await api('GET', '/teams/api/teams/get_or_create_team/')).slug;
  const plans = await api('GET', `/a/${slug}/subscription/api/plans/`);
  if (plans.provider !== 'local') throw new Error(`billing is ${plans.provider}, expected the local test mode`);
  const url = await api('POST', `/a/${slug}/subscription/stripe/api/create-checkout-session/`, {
    price_id: plans.plans[0].stripe_price_id,
    success_url: `${product.base}/settings/subscription`,
    cancel_url: `${product.base}/settings/subscription`,
  });
  const session = /\/billing\/checkout\/([0-9a-f-]+)/.exec(url)?.[1];
  await api('POST', `/subscription/local/api/checkout/${session}/pay/`, {});
  team = slug;
  return { api, email, headers: () => ({ authorization: `Bearer ${token}`, 'x-team-slug': slug }) };
}

/** The id of the built-in background named `name`, once the product has made it. */
export async function builtinBackground(user: ProductUser, name: string, timeoutMs = 600_000): Promise<string> {
  const t0 = Date.now();
  for (;;) {
    const page = await user.api('GET', '/api/text-wall-background-videos/?page_size=100');
    const found = (page.results as { id: string; is_builtin: boolean; name: string; status: string }[]).find((b) => b.is_builtin && b.name === name && b.status === 'ready');
    if (found) return found.id;
    if (Date.now() - t0 > timeoutMs) throw new Error(`the built-in background "${name}" was not made in ${timeoutMs / 1000} s`);
    await sleep(1000);
  }
}

/** The API's render job, as much of it as the bench reads. */
export interface RenderJob {
  id: string;
  engine: string;
  render_ms: number;
  created_at: string;
  started_at: string;
  finished_at: string;
  input_props: Record<string, unknown>;
  output_url: string;
}

/** Polls a text wall until its render ends, as the web app does (every 1.5 s unless told); resolves its render job. */
export async function renderedWall(user: ProductUser, id: string, pollMs = 1500): Promise<RenderJob> {
  for (;;) {
    const status = await user.api('GET', `/api/text-wall-videos/${id}/render_status/`);
    if (status.status === 'failed' || status.status === 'cancelled') throw new Error(`text wall ${id}: ${status.status} ${status.error}`);
    if (status.status === 'completed') return user.api('GET', `/api/remotion-render-jobs/${status.render_job_id}/`);
    await sleep(pollMs);
  }
}

/** Makes one text wall through the API and waits for it; resolves its render job (render_ms, engine, input_props, output_url). */
export async function makeWall(user: ProductUser, request: Record<string, unknown>, pollMs?: number): Promise<{ videoId: string; job: RenderJob }> {
  const video = await user.api('POST', '/api/text-wall-videos/', request, [201]);
  const job = await renderedWall(user, video.id, pollMs);
  return { videoId: video.id, job };
}
