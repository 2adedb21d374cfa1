// npm run bench:api: the API under load, 10 connections (autocannon), on PostgreSQL and on PGlite.
//
// Rows: sign-in, get, list and create on contexts; a login flood (wrong passwords from one
// address) beside another user's gets; a soak (BENCH_SOAK_SECONDS of mixed traffic, the server's
// memory at its start and end); listing videos while renders run; a cheap read beside bulk_creates of
// 200 text walls (the bulk's time, the reads' worst wait, how many were shed). Printed as a table and as JSON.
//
// The server is the app as `npm start` builds it (on-disk PGlite in a temporary DATA_DIR, or a
// fresh schema of DATABASE_URL / BENCH_DATABASE_URL, dropped after; the worker in the same process),
// run in a child process so that autocannon does not share its event loop. Its settings are the
// production defaults, rate limits included, with TRUST_PROXY=true: the bench's legitimate users
// come from many addresses (X-Forwarded-For), as they would through a load balancer, while the
// flood comes from one.
//
// Environment: BENCH_DATABASES (pglite,postgres), BENCH_SECONDS (10 per row), BENCH_WARMUP_SECONDS (2),
// BENCH_SOAK_SECONDS (300; 0 skips), BENCH_FLOOD_RATE (wrong passwords per second, 200),
// BENCH_RENDERS (videos rendering during the videos row, 4; 0 skips), BENCH_BULKS (bulk_creates of 200
// in the bulk row, 5).
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Request, type Result } from 'autocannon';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const FLOOD_RATE = Number(process.env.BENCH_FLOOD_RATE ?? 200);
const RENDERS = Number(process.env.BENCH_RENDERS ?? 4);
const BULKS = Number(process.env.BENCH_BULKS ?? 5);
const CONNECTIONS = 10;
const ROWS = new Set((process.env.BENCH_ROWS ?? 'signin,get,list,create,flood,soak,videos,bulk').split(',').map((r) => r.trim()));
/** a directory: the server writes a V8 CPU profile there when it stops (open it in Chrome's DevTools) */
const PROFILE_DIR = process.env.BENCH_PROFILE;
/** the public origin the server is told (checkout return addresses must be on it) */
const APP_URL = 'http://bench.localhost';

type Kind = 'postgres' | 'pglite';

/** Messages between the bench and its server. */
type ToServer = { type: 'usage'; gc: boolean } | { type: 'stop' };
type Usage = { rss: number; heapUsed: number; cpuMs: number };
type FromServer = { type: 'ready'; port: number; kind: Kind; renderer: string | null } | ({ type: 'usage' } & Usage) | { type: 'stopped' };

// ---------------------------------------------------------------------------------------------
// the server (child process)

async function serve() {
  const { loadConfig } = await import('@hookwall/config');
  const { createDatabase } = await import('@hookwall/db');
  const { jobsChannel } = await import('@hookwall/jobs');
  const { createHandlers, createMailer, createRenderingFromConfig, startWorker } = await import('@hookwall/worker');
  const { buildApp } = await import('../../apps/api/src/app.ts');

  const config = loadConfig();
  const database = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: join(config.DATA_DIR, 'pglite'),
    schemaName: config.DATABASE_SCHEMA,
  });
  await database.migrate();
  const app = await buildApp({ config, database, logger: false });
  let renderer: string | null = null;
  const render =
    RENDERS > 0 && ROWS.has('videos')
      ? await createRenderingFromConfig(config, database.db, app.deps.storage).catch((error: unknown) => {
          renderer = `renderer not available: ${String(error)}`;
          return null;
        })
      : null;
  const worker = startWorker({
    db: database.db,
    listen: (onQueued) => database.listen(jobsChannel(database.schemaName), onQueued),
    concurrency: config.WORKER_CONCURRENCY,
    handlers: createHandlers({
      mailer: createMailer({
        from: config.MAIL_FROM,
        outboxDir: join(config.DATA_DIR, 'outbox'),
      }),
      render: render ?? undefined,
    }),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const send = (message: FromServer) => process.send!(message);

  process.on('message', async (message: ToServer) => {
    if (message.type === 'usage') {
      if (message.gc) globalThis.gc?.();
      const { rss, heapUsed } = process.memoryUsage();
      const cpu = process.cpuUsage();
      send({
        type: 'usage',
        rss,
        heapUsed,
        cpuMs: (cpu.user + cpu.system) / 1000,
      });
    } else if (message.type === 'stop') {
      const within = (p: Promise<unknown>, ms: number) => Promise.race([p.catch(() => undefined), new Promise((r) => setTimeout(r, ms))]);
      await within(app.close(), 5000);
      // renders may still run: they are not waited for (the bench kills the process group, browser included)
      await within(worker.stop(), 2000);
      if (database.kind === 'postgres') await within(database.db.execute(`DROP SCHEMA IF EXISTS ${database.schemaName} CASCADE`), 10_000);
      await within(database.close(), 5000);
      send({ type: 'stopped' });
      process.exit(0);
    }
  });
  send({ type: 'ready', port, kind: database.kind, renderer });
}

// ---------------------------------------------------------------------------------------------
// the bench (parent)

interface Server {
  child: ChildProcess;
  url: string;
  kind: Kind;
  renderer: string | null;
  /** the server's memory (after a full GC) and the CPU time it has used so far */
  memory(): Promise<Usage>;
  /** the CPU time the server has used so far, in ms */
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

function nextMessage<T extends FromServer['type']>(child: ChildProcess, type: T): Promise<Extract<FromServer, { type: T }>> {
  return new Promise((resolve, reject) => {
    const onMessage = (message: FromServer) => {
      if (message.type !== type) return;
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve(message as Extract<FromServer, { type: T }>);
    };
    const onExit = (code: number | null) => reject(new Error(`bench server exited (${code}) while waiting for '${type}'`));
    child.on('message', onMessage);
    child.once('exit', onExit);
  });
}

async function startServer(kind: Kind, databaseUrl: string | undefined): Promise<Server> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hookwall-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    TRUST_PROXY: 'true',
    APP_URL: APP_URL,
    LOG_LEVEL: 'silent',
    BUILTIN_BACKGROUNDS: 'false',
    // a render in 1/4 of the size: the row is about the API beside running renders, not about render time
    RENDER_SCALE: process.env.RENDER_SCALE ?? '0.25',
    // the bulk row queues a thousand renders that no worker takes: the team's quotas must let them wait
    TEAM_MAX_OPEN_RENDERS: '100000',
    TEAM_MAX_QUEUED_VIDEO_SECONDS: '0',
  };
  delete env.DATABASE_URL;
  delete env.DATABASE_SCHEMA;
  if (kind === 'postgres') {
    env.DATABASE_URL = databaseUrl;
    env.DATABASE_SCHEMA = `bench_${randomBytes(6).toString('hex')}`;
  }
  const child = fork(import.meta.filename, ['--serve'], {
    env,
    execArgv: [...process.execArgv, '--expose-gc', ...(PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE_DIR}`] : [])],
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await nextMessage(child, 'ready');
  return {
    child,
    url: `http://127.0.0.1:${ready.port}`,
    kind: ready.kind,
    renderer: ready.renderer,
    async memory() {
      const answer = nextMessage(child, 'usage');
      child.send({ type: 'usage', gc: true } satisfies ToServer);
      return answer;
    },
    async cpuMs() {
      const answer = nextMessage(child, 'usage');
      child.send({ type: 'usage', gc: false } satisfies ToServer);
      return (await answer).cpuMs;
    },
    async stop() {
      const exited = new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));
      child.send({ type: 'stop' } satisfies ToServer);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
      // whatever is left of the group (a browser, ffmpeg) goes with it
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A client address per request, from a pool far larger than any per-address limit would notice. */
let addressCounter = 0;
const nextAddress = () => {
  const n = addressCounter++ % 60_000;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function call(url: string, method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(url + path, {
    method,
    headers: {
      'x-forwarded-for': nextAddress(),
      ...(body !== undefined && { 'content-type': 'application/json' }),
      ...(token && { authorization: `Bearer ${token}` }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

interface User {
  email: string;
  password: string;
  access: string;
}

async function register(url: string, email: string): Promise<User> {
  const password = `correct horse battery ${randomBytes(4).toString('hex')}`;
  const body = await call(url, 'POST', '/api/auth/register/', {
    email,
    password1: password,
    password2: password,
  });
  return { email, password, access: body.access };
}

const statusCounts = (result: Result) => {
  const counts: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats ?? {})) counts[code] = Number(count);
  return counts;
};

interface Row {
  database: Kind;
  row: string;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  requests: number;
  non2xx: number;
  '5xx': number;
  errors: number;
  'server CPU ms/req': number | '';
  target: string;
  verdict: string;
  note?: string;
}

/** Runs autocannon for `seconds` after `WARMUP` seconds of the same traffic; a row of the table. */
type Measured = Result & { serverCpuMs?: number };

/**
 * Runs autocannon for `seconds` after `WARMUP` seconds of the same traffic. Also answers the CPU
 * time the server spent meanwhile: per request, the figure that depends least on what else the
 * machine is doing (it only means something when nothing else sends requests).
 */
async function measure(server: Server, requests: Request[], options: { seconds?: number; rate?: number; warmup?: boolean } = {}): Promise<Measured> {
  const { url } = server;
  if (options.warmup !== false && WARMUP > 0)
    await autocannon({
      url,
      connections: CONNECTIONS,
      duration: WARMUP,
      requests,
      overallRate: options.rate,
    });
  const cpuBefore = await server.cpuMs();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: options.seconds ?? SECONDS,
    requests,
    overallRate: options.rate,
  });
  return { ...result, serverCpuMs: (await server.cpuMs()) - cpuBefore };
}

function toRow(database: Kind, name: string, result: Measured, target?: { rps: number; p99: number }, note?: string): Row {
  const counts = statusCounts(result);
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  const rps = total / result.duration;
  const fivexx = Object.entries(counts)
    .filter(([code]) => code.startsWith('5'))
    .reduce((a, [, n]) => a + n, 0);
  return {
    database,
    row: name,
    'req/s': Math.round(rps),
    'p50 ms': result.latency.p50,
    'p99 ms': result.latency.p99,
    requests: total,
    non2xx: result.non2xx,
    '5xx': fivexx,
    errors: result.errors,
    'server CPU ms/req': result.serverCpuMs !== undefined && total > 0 ? Number((result.serverCpuMs / total).toFixed(2)) : '',
    target: target ? `≥${target.rps} req/s, p99 <${target.p99} ms` : '',
    verdict: !target ? '' : rps >= target.rps && result.latency.p99 < target.p99 && result.non2xx === 0 ? 'met' : 'MISSED',
    ...(note && { note }),
  };
}

const TARGETS: Record<Kind, Record<'get' | 'list' | 'create', { rps: number; p99: number }>> = {
  postgres: {
    get: { rps: 700, p99: 60 },
    list: { rps: 500, p99: 60 },
    create: { rps: 400, p99: 60 },
  },
  pglite: {
    get: { rps: 300, p99: 80 },
    list: { rps: 300, p99: 80 },
    create: { rps: 300, p99: 80 },
  },
};

async function bench(kind: Kind, databaseUrl: string | undefined) {
  const server = await startServer(kind, databaseUrl);
  const { url } = server;
  const rows: Row[] = [];
  const extra: Record<string, unknown> = {};
  const log = (message: string) => console.error(`[${kind}] ${message}`);
  try {
    // users: one who owns the team the traffic reads and writes, 20 who sign in, one whose
    // account the flood guesses at, and another team's member whose gets run beside the flood
    const owner = await register(url, 'owner@bench.example');
    const team = await call(url, 'POST', '/teams/api/teams/', { name: 'Bench Team' }, owner.access);
    const signers = await Promise.all(Array.from({ length: 20 }, (_, i) => register(url, `signer-${i}@bench.example`)));
    const victim = await register(url, 'victim@bench.example');
    const bystander = await register(url, 'bystander@bench.example');
    const bystanderTeam = await call(url, 'POST', '/teams/api/teams/', { name: 'Bystander Team' }, bystander.access);
    const ids: number[] = [];
    for (let i = 0; i < 100; i++) {
      const context = await call(
        url,
        'POST',
        '/api/contexts/',
        {
          name: `Seed ${i}`,
          content: `What product ${i} does, in a few words.`,
        },
        owner.access,
        {
          'x-team-slug': team.slug,
        },
      );
      ids.push(context.id);
    }
    const bystanderIds: number[] = [];
    for (let i = 0; i < 20; i++) {
      const context = await call(url, 'POST', '/api/contexts/', { name: `Mine ${i}`, content: 'Bystander context' }, bystander.access, {
        'x-team-slug': bystanderTeam.slug,
      });
      bystanderIds.push(context.id);
    }
    const asOwner = {
      authorization: `Bearer ${owner.access}`,
      'x-team-slug': team.slug,
    };
    const json = { 'content-type': 'application/json' };
    let n = 0;
    const getRequest = (headers: Record<string, string>, pool: number[]): Request => ({
      method: 'GET',
      headers,
      setupRequest: (request) => ({
        ...request,
        path: `/api/contexts/${pool[n++ % pool.length]}/`,
      }),
    });
    const listRequest: Request = {
      method: 'GET',
      path: '/api/contexts/',
      headers: asOwner,
    };
    const createRequest: Request = {
      method: 'POST',
      path: '/api/contexts/',
      headers: { ...asOwner, ...json },
      setupRequest: (request) => ({
        ...request,
        body: JSON.stringify({
          name: `Bench ${n++}`,
          type: 'product',
          content: 'Made by the bench: a product that does one thing well.',
        }),
      }),
    };

    if (ROWS.has('signin')) {
      log('sign-in');
      const signIn = await measure(server, [
        {
          method: 'POST',
          path: '/api/auth/login/',
          setupRequest: (request) => {
            const user = signers[n++ % signers.length]!;
            return {
              ...request,
              headers: { ...json, 'x-forwarded-for': nextAddress() },
              body: JSON.stringify({
                email: user.email,
                password: user.password,
              }),
            };
          },
        },
      ]);
      rows.push(toRow(kind, 'sign-in (argon2id verify)', signIn));
    }
    if (ROWS.has('get')) {
      log('get');
      rows.push(toRow(kind, 'get context', await measure(server, [getRequest(asOwner, ids)]), TARGETS[kind].get));
    }
    if (ROWS.has('list')) {
      log('list');
      rows.push(toRow(kind, 'list contexts (page 1 of 20)', await measure(server, [listRequest]), TARGETS[kind].list));
    }
    if (ROWS.has('create')) {
      log('create');
      rows.push(toRow(kind, 'create context', await measure(server, [createRequest]), TARGETS[kind].create));
    }

    // the flood: wrong passwords for one account from one address, at FLOOD_RATE a second, while
    // another user (another team) reads their contexts as fast as 10 connections go
    if (ROWS.has('flood')) {
      log('login flood');
      const bystanderGets = [
        getRequest(
          {
            authorization: `Bearer ${bystander.access}`,
            'x-team-slug': bystanderTeam.slug,
          },
          bystanderIds,
        ),
      ];
      const alone = await measure(server, bystanderGets);
      const flood = autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS + WARMUP,
        overallRate: FLOOD_RATE,
        requests: [
          {
            method: 'POST',
            path: '/api/auth/login/',
            headers: { ...json, 'x-forwarded-for': '203.0.113.7' },
            body: JSON.stringify({
              email: victim.email,
              password: 'not the password at all',
            }),
          },
        ],
      });
      await new Promise((r) => setTimeout(r, WARMUP * 1000));
      const beside = await measure(server, bystanderGets, { warmup: false });
      const floodResult = await flood;
      const floodCounts = statusCounts(floodResult);
      const unexpected = Object.entries(floodCounts).filter(([code]) => code !== '400' && code !== '401' && code !== '429');
      rows.push(toRow(kind, "another user's gets, alone", alone));
      rows.push(
        toRow(kind, 'the same gets during the flood', beside, undefined, `p99 ${alone.latency.p99} ms alone, ${beside.latency.p99} ms beside the flood`),
      );
      rows.push(
        toRow(
          kind,
          `login flood, wrong password, one address (${FLOOD_RATE}/s offered)`,
          floodResult,
          undefined,
          `answers ${JSON.stringify(floodCounts)}${unexpected.length ? ' UNEXPECTED CODES' : ''}`,
        ),
      );
      extra.flood = {
        offeredPerSecond: FLOOD_RATE,
        answers: floodCounts,
        unexpected: Object.fromEntries(unexpected),
        getsP99Alone: alone.latency.p99,
        getsP99Beside: beside.latency.p99,
      };
    }

    // soak: mixed traffic; the server's memory after a warm-up and at the end
    if (SOAK_SECONDS > 0 && ROWS.has('soak')) {
      log(`soak, ${SOAK_SECONDS} s`);
      const mix = [
        getRequest(asOwner, ids),
        getRequest(asOwner, ids),
        getRequest(asOwner, ids),
        getRequest(asOwner, ids),
        getRequest(asOwner, ids),
        listRequest,
        listRequest,
        createRequest,
      ];
      const warmupSeconds = Math.min(60, Math.max(10, Math.round(SOAK_SECONDS / 5)));
      const samples: { at: number; rss: number; heapUsed: number }[] = [];
      const started = Date.now();
      const soak = autocannon({
        url,
        connections: CONNECTIONS,
        duration: warmupSeconds + SOAK_SECONDS,
        requests: mix,
      });
      const sampler = setInterval(() => {
        void server.memory().then((m) =>
          samples.push({
            at: Math.round((Date.now() - started) / 1000),
            ...m,
          }),
        );
      }, 5000);
      await new Promise((r) => setTimeout(r, warmupSeconds * 1000));
      const atStart = await server.memory();
      const result = await soak;
      clearInterval(sampler);
      const atEnd = await server.memory();
      const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
      const note = `RSS ${mb(atStart.rss)} → ${mb(atEnd.rss)} MB (${mb(atEnd.rss - atStart.rss) >= 0 ? '+' : ''}${mb(atEnd.rss - atStart.rss)}), heap after GC ${mb(atStart.heapUsed)} → ${mb(atEnd.heapUsed)} MB`;
      rows.push(toRow(kind, `soak ${SOAK_SECONDS} s after ${warmupSeconds} s warm-up (5 get : 2 list : 1 create)`, result, undefined, note));
      extra.soak = {
        seconds: SOAK_SECONDS,
        warmupSeconds,
        rssStartMb: mb(atStart.rss),
        rssEndMb: mb(atEnd.rss),
        rssGrowthMb: mb(atEnd.rss - atStart.rss),
        heapAfterGcStartMb: mb(atStart.heapUsed),
        heapAfterGcEndMb: mb(atEnd.heapUsed),
        fivexx: rows.at(-1)!['5xx'],
        errors: result.errors,
        rssSamplesMb: samples.map((s) => [s.at, mb(s.rss)]),
      };
    }

    // listing videos while renders run (the worker in the same process, as npm start runs it)
    if (!ROWS.has('videos')) {
      // not asked for
    } else if (RENDERS <= 0) {
      rows.push({
        ...toRow(kind, 'list videos while renders run', emptyResult()),
        verdict: 'skipped',
        note: 'BENCH_RENDERS=0',
      });
    } else if (server.renderer) {
      rows.push({
        ...toRow(kind, 'list videos while renders run', emptyResult()),
        verdict: 'skipped',
        note: server.renderer,
      });
    } else {
      log('videos while rendering');
      const row = await videosWhileRendering(kind, server, owner, team.slug);
      rows.push(row);
    }

    if (ROWS.has('bulk') && BULKS > 0) {
      log(`${BULKS} bulk_creates of 200 beside reads`);
      const { row, summary } = await readsBesideBulks(kind, server, owner, team.slug);
      rows.push(row);
      extra.bulk = summary;
    }
  } finally {
    await server.stop();
  }
  return { rows, extra };
}

function emptyResult(): Result {
  const h = {
    average: 0,
    mean: 0,
    stddev: 0,
    min: 0,
    max: 0,
    total: 0,
    p50: 0,
    p90: 0,
    p97_5: 0,
    p99: 0,
  };
  return {
    latency: h,
    requests: h,
    duration: 1,
    errors: 0,
    timeouts: 0,
    non2xx: 0,
    statusCodeStats: {},
  };
}

/** A subscription through the local billing provider, as a user would; a second call finds it there. */
const subscribed = new Set<string>();
async function subscribe(url: string, owner: User, slug: string) {
  if (subscribed.has(`${url} ${slug}`)) return;
  const checkout = await call(
    url,
    'POST',
    `/a/${slug}/subscription/stripe/api/create-checkout-session/`,
    {
      price_id: 'price_early_supporter',
      success_url: `${APP_URL}/settings/subscription`,
      cancel_url: `${APP_URL}/settings/subscription`,
    },
    owner.access,
  );
  await call(url, 'POST', `/subscription/local/api/checkout/${String(checkout).split('/').pop()}/pay/`, undefined, owner.access);
  subscribed.add(`${url} ${slug}`);
}

async function videosWhileRendering(kind: Kind, server: Server, owner: User, slug: string): Promise<Row> {
  const { url } = server;
  const headers = { 'x-team-slug': slug };
  await subscribe(url, owner, slug);
  const texts = Array.from({ length: RENDERS }, (_, i) => `Bench render ${i + 1}: the API keeps answering while this renders`);
  await call(url, 'POST', '/api/text-wall-videos/bulk_create/', { texts }, owner.access, headers);
  const statuses = async () => {
    const page = await call(url, 'GET', '/api/text-wall-videos/?page_size=100', undefined, owner.access, headers);
    const counts: Record<string, number> = {};
    for (const video of page.results as { status: string }[]) counts[video.status] = (counts[video.status] ?? 0) + 1;
    return counts;
  };
  const deadline = Date.now() + 60_000;
  let before = await statuses();
  while (!before.rendering && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    before = await statuses();
  }
  if (!before.rendering)
    return {
      ...toRow(kind, 'list videos while renders run', emptyResult()),
      verdict: 'skipped',
      note: `no render started within 60 s: ${JSON.stringify(before)}`,
    };
  const result = await measure(server, [
    {
      method: 'GET',
      path: '/api/text-wall-videos/',
      headers: { authorization: `Bearer ${owner.access}`, ...headers },
    },
  ]);
  const after = await statuses();
  return toRow(kind, `list videos while ${RENDERS} renders run`, result, undefined, `videos before ${JSON.stringify(before)}, after ${JSON.stringify(after)}`);
}

/**
 * Four clients read the current user (a cheap authenticated route), one request after another,
 * while `work` runs; answers each one's latency and status.
 */
async function probeWhile(url: string, token: string, work: () => Promise<void>) {
  const samples: { ms: number; status: number }[] = [];
  let isDone = false;
  const client = async () => {
    while (!isDone) {
      const started = performance.now();
      const res = await fetch(`${url}/api/auth/user/`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': nextAddress() } });
      await res.arrayBuffer();
      samples.push({ ms: performance.now() - started, status: res.status });
    }
  };
  const clients = Array.from({ length: 4 }, client);
  try {
    await work();
  } finally {
    isDone = true;
    await Promise.all(clients);
  }
  return samples;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;
};

/**
 * BULKS bulk_creates of 200 text walls, one after another, while four clients read the current
 * user; the same reads for two seconds alone first. The row is the reads beside the bulks; its
 * note gives the bulk's median time and the reads' worst wait beside and alone (their ratio).
 */
async function readsBesideBulks(kind: Kind, server: Server, owner: User, slug: string) {
  const { url } = server;
  await subscribe(url, owner, slug);
  const texts = Array.from({ length: 200 }, (_, i) => `Bulk text ${i + 1}: one of two hundred walls made in a single call`);
  const alone = await probeWhile(url, owner.access, () => new Promise((r) => setTimeout(r, 2000)));
  const bulkMs: number[] = [];
  const cpuBefore = await server.cpuMs();
  const beside = await probeWhile(url, owner.access, async () => {
    for (let i = 0; i < BULKS; i++) {
      const started = performance.now();
      await call(url, 'POST', '/api/text-wall-videos/bulk_create/', { texts }, owner.access, { 'x-team-slug': slug });
      bulkMs.push(performance.now() - started);
    }
  });
  const serverCpuMs = (await server.cpuMs()) - cpuBefore;
  const worst = (s: { ms: number }[]) => Math.round(Math.max(0, ...s.map((x) => x.ms)));
  const shed = beside.filter((s) => s.status === 503).length;
  const failed = beside.filter((s) => s.status !== 200).length;
  const seconds = bulkMs.reduce((a, b) => a + b, 0) / 1000;
  const summary = {
    bulks: BULKS,
    bulkMedianMs: Math.round(percentile(bulkMs, 50)),
    bulkMaxMs: Math.round(Math.max(...bulkMs)),
    serverCpuMsPerBulk: Math.round(serverCpuMs / BULKS),
    reads: beside.length,
    readsShed: shed,
    readsWorstMsBeside: worst(beside),
    readsWorstMsAlone: worst(alone),
    readsWorstRatio: Number((worst(beside) / Math.max(1, worst(alone))).toFixed(1)),
  };
  const row: Row = {
    database: kind,
    row: `read the user beside ${BULKS} bulk_creates of 200 text walls`,
    'req/s': Math.round(beside.length / Math.max(seconds, 0.001)),
    'p50 ms': Math.round(percentile(beside.map((s) => s.ms), 50)),
    'p99 ms': Math.round(percentile(beside.map((s) => s.ms), 99)),
    requests: beside.length,
    non2xx: failed,
    '5xx': beside.filter((s) => s.status >= 500).length,
    errors: 0,
    'server CPU ms/req': '',
    target: 'no read shed',
    verdict: shed === 0 ? 'met' : 'MISSED',
    note:
      `bulk_create of 200: median ${summary.bulkMedianMs} ms, slowest ${summary.bulkMaxMs} ms, server CPU ${summary.serverCpuMsPerBulk} ms a bulk (the reads included); ` +
      `the reads' worst wait ${summary.readsWorstMsBeside} ms beside, ${summary.readsWorstMsAlone} ms alone (${summary.readsWorstRatio}x); ${shed} of ${beside.length} shed (503)`,
  };
  return { row, summary };
}

async function main() {
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL;
  const wanted = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',').map((s) => s.trim());
  const kinds = (['postgres', 'pglite'] as const).filter((k) => wanted.includes(k) && (k === 'pglite' || postgresUrl));
  if (wanted.includes('postgres') && !postgresUrl) console.error('PostgreSQL skipped: set DATABASE_URL or BENCH_DATABASE_URL to include it');
  const rows: Row[] = [];
  const extra: Record<string, unknown> = {};
  for (const kind of kinds) {
    const result = await bench(kind, kind === 'postgres' ? postgresUrl : undefined);
    rows.push(...result.rows);
    extra[kind] = result.extra;
  }
  const machine = `${cpus().length} logical CPUs (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`;
  console.log(
    `\nbench:api — ${CONNECTIONS} connections, ${SECONDS} s a row after ${WARMUP} s of warm-up, soak ${SOAK_SECONDS} s; ${machine}; ${new Date().toISOString()}`,
  );
  console.table(rows.map(({ note: _note, ...row }) => row));
  for (const row of rows.filter((r) => r.note)) console.log(`${row.database} / ${row.row}: ${row.note}`);
  console.log(
    JSON.stringify({
      date: new Date().toISOString(),
      machine,
      connections: CONNECTIONS,
      seconds: SECONDS,
      soakSeconds: SOAK_SECONDS,
      rows,
      ...extra,
    }),
  );
}

if (process.argv.includes('--serve')) await serve();
else await main();
