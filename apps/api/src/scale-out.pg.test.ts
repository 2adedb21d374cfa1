import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, type Database } from '@hookwall/db';
import { startS3TestServer, type S3TestServer } from '@hookwall/storage/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTestVideo } from './modules/media/media.test-helpers.ts';
import { ffprobe } from './modules/videos/videos.test-helpers.ts';
import { decodeQuotedPrintable } from './test/mail.ts';

/**
 * Scale-out for real: two API processes and two worker processes, as `npm run start:api` and
 * `npm run start:worker` run them, on one PostgreSQL schema and one S3-compatible bucket (s3rver),
 * with one JWT_SECRET and a data directory of their own each. A user signs in through one API, works
 * through the other, the renders go to whichever worker is free, and both APIs show the same
 * things. Nothing may depend on one machine's disk: at the end no API has written a file into its
 * data directory, and the workers only their development mail outbox.
 */

const root = join(import.meta.dirname, '../../..');
const VIDEOS = 4;
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
/** the public origin of the cluster (the load balancer's), the same for every process, as in production */
const APP_URL = 'http://hookwall.test';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

interface Proc {
  name: string;
  child: ChildProcess;
  dataDir: string;
  output: () => string;
  exited: Promise<number | null>;
}

function startProcess(name: string, args: string[], env: NodeJS.ProcessEnv, dataDir: string): Proc {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', ...args], {
    cwd: root,
    env: { ...process.env, ...env, DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { name, child, dataDir, output: () => output, exited };
}

async function waitFor<T>(
  what: string,
  read: () => Promise<T>,
  isDone: (value: T) => boolean,
  timeoutMs: number,
  describe: () => string = () => '',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}\n${describe()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The JSON lines a process logged. */
const logLines = (p: Proc) =>
  p
    .output()
    .split('\n')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as Record<string, unknown>];
      } catch {
        return [];
      }
    });

/** Every file under a directory, relative to it. */
const filesUnder = (dir: string) =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name).slice(dir.length + 1))
    : [];

/**
 * Chromium, ffmpeg and ffprobe processes carrying this run's marker in their environment: every
 * process the spawned API and worker processes start inherits it, even once reparented after its
 * parent died, and no other process on the machine has it.
 */
function markedProcesses(marker: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
      if (!/chrom|ffmpeg|ffprobe|headless/i.test(comm)) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker)) found.push(`${pid} ${comm}`);
    } catch {
      // gone meanwhile, or a kernel thread
    }
  }
  return found;
}

describe.skipIf(!process.env.DATABASE_URL)('two API processes and two worker processes on PostgreSQL and S3', () => {
  const t0 = Date.now();
  const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)} s`;
  const schemaName = `test_${randomBytes(6).toString('hex')}`;
  const marker = `HOOKWALL_SCALE_OUT_RUN=${randomBytes(6).toString('hex')}`;
  const jwtSecret = randomBytes(32).toString('hex');
  const timings: string[] = [];
  let s3: S3TestServer;
  let database: Database;
  let apis: (Proc & { url: string })[] = [];
  let workers: Proc[] = [];
  /** Chromium/ffmpeg processes of this run seen while it ran */
  const seen = new Set<string>();
  let sampler: NodeJS.Timeout | undefined;
  const scratch = mkdtempSync(join(tmpdir(), 'hookwall-scale-out-'));

  const all = () => [...apis, ...workers];
  const outputs = () =>
    all()
      .map((p) => `--- ${p.name}\n${p.output().slice(-3000)}`)
      .join('\n');

  beforeAll(async () => {
    s3 = await startS3TestServer('media');
    // the test's own connection, to read and drop the schema; the processes migrate it themselves
    database = await createDatabase({
      databaseUrl: process.env.DATABASE_URL,
      schemaName,
      poolSize: 2,
    });
    const shared: NodeJS.ProcessEnv = {
      NODE_ENV: 'test',
      DATABASE_URL: process.env.DATABASE_URL,
      DATABASE_SCHEMA: schemaName,
      JWT_SECRET: jwtSecret,
      APP_URL,
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      RENDER_SCALE: '0.2',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      // a shed request is tried again after Retry-After, as a client does: a short one keeps the test short
      OVERLOAD_RETRY_AFTER_SECONDS: '1',
      LOG_LEVEL: 'info',
      [marker.split('=')[0]]: marker.split('=')[1],
    };
    const ports = [await freePort(), await freePort()];
    // all four start at once on a schema nobody migrated yet, as a fresh deployment does
    apis = ports.map((port, i) => ({
      ...startProcess(
        `api${i + 1}`,
        ['apps/api/src/main.ts', '--no-worker'],
        { ...shared, PORT: String(port), HOST: '127.0.0.1' },
        mkdtempSync(join(tmpdir(), `hookwall-scale-api${i + 1}-`)),
      ),
      url: `http://127.0.0.1:${port}`,
    }));
    workers = [1, 2].map((i) => startProcess(`worker${i}`, ['apps/worker/src/main.ts'], shared, mkdtempSync(join(tmpdir(), `hookwall-scale-worker${i}-`))));
    sampler = setInterval(() => markedProcesses(marker).forEach((p) => seen.add(p)), 300);
    await Promise.all([
      ...apis.map((api) =>
        waitFor(
          `${api.name} answers`,
          async () =>
            api.child.exitCode === null
              ? fetch(`${api.url}/api/health/`).then(
                  (r) => r.status,
                  () => 0,
                )
              : -1,
          (s) => s === 200 || s === -1,
          100_000,
          outputs,
        ).then((s) => {
          if (s === -1) throw new Error(`${api.name} exited at start:\n${outputs()}`);
        }),
      ),
      ...workers.map((w) =>
        waitFor(
          `${w.name} starts`,
          async () => (w.child.exitCode === null ? w.output().includes('worker started') : 'exited'),
          (s) => s !== false,
          100_000,
          outputs,
        ).then((s) => {
          if (s === 'exited') throw new Error(`${w.name} exited at start:\n${outputs()}`);
        }),
      ),
    ]);
    timings.push(`4 processes up: ${elapsed()}`);
  }, 120_000);

  afterAll(async () => {
    if (sampler) clearInterval(sampler);
    for (const p of all()) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(all().map((p) => p.exited));
    if (database) {
      await database.db.execute(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`).catch(() => undefined);
      await database.close();
    }
    await s3?.stop();
    for (const p of all()) rmSync(p.dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
    console.log(`scale-out: ${timings.join('; ')}; ${shed} requests shed and tried again; total ${elapsed()}`);
  });

  let access = '';
  let slug = '';
  let shed = 0;
  /**
   * One request, as a well-behaved client makes it: a 503 "busy" (load shedding, which four
   * processes and two browsers starting on a 2-core machine beside other tests can trip) is tried
   * again after its Retry-After, up to 30 times; the count is printed with the timings.
   */
  const call = async (api: { url: string }, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    for (let attempt = 1; ; attempt++) {
      const res = await callOnce(api, method, path, body, headers);
      if (res.status !== 503 || res.json?.code !== 'service_unavailable' || attempt >= 30) return res;
      shed++;
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
    }
  };
  const callOnce = async (api: { url: string }, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${api.url}${path}`, {
      method,
      headers: {
        ...(access && { authorization: `Bearer ${access}` }),
        ...(slug && { 'x-team-slug': slug }),
        ...(body !== undefined &&
          !(body instanceof FormData) && {
            'content-type': 'application/json',
          }),
        ...headers,
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      redirect: 'manual',
    });
    const text = await res.text();
    let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, json, text, headers: res.headers };
  };

  it('a user signs in on one API, works on the other, renders spread over both workers, and both APIs agree', async () => {
    const [api1, api2] = apis;
    const email = `scale-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'two of everything please';

    // register on API 1; the verification email is a job, sent by whichever worker took it
    const registered = await call(api1, 'POST', '/api/auth/register/', {
      email,
      password1: password,
      password2: password,
    });
    expect(registered.status, registered.text).toBe(201);
    expect(registered.json.user.email_verified).toBe(false);
    const mailed = await waitFor(
      'verification email in an outbox',
      async () =>
        workers.flatMap((w) =>
          filesUnder(join(w.dataDir, 'outbox'))
            .map((f) => decodeQuotedPrintable(readFileSync(join(w.dataDir, 'outbox', f), 'utf8')))
            .filter((m) => m.includes(email))
            .map((m) => ({
              worker: w.name,
              key: /\/verify-email\?key=([\w-]+)/.exec(m)?.[1],
            })),
        ),
      (found) => found.length > 0,
      30_000,
      outputs,
    );
    expect(mailed).toHaveLength(1);
    expect(mailed[0].key).toBeTruthy();
    timings.push(`verification mailed by ${mailed[0].worker}`);
    // the link is opened on API 2
    const verified = await call(api2, 'POST', '/api/auth/registration/verify-email/', { key: mailed[0].key });
    expect(verified.status, verified.text).toBe(200);

    // sign in on API 1; the token and the session hold on API 2 (one JWT_SECRET, sessions in the database)
    const login = await call(api1, 'POST', '/api/auth/login/', {
      email,
      password,
    });
    expect(login.json?.status, login.text).toBe('success');
    access = login.json.jwt.access;
    const me2 = await call(api2, 'GET', '/api/auth/user/');
    expect(me2.status, me2.text).toBe(200);
    expect(me2.json).toMatchObject({ email, email_verified: true });
    const refreshed = await call(api2, 'POST', '/api/auth/token/refresh/', {
      refresh: login.json.jwt.refresh,
    });
    expect(refreshed.status, refreshed.text).toBe(200);
    access = refreshed.json.access;
    expect((await call(api1, 'GET', '/api/auth/user/')).status).toBe(200);
    // the refresh token rotated on API 2 is spent on API 1 as well
    expect(
      (
        await call(api1, 'POST', '/api/auth/token/refresh/', {
          refresh: login.json.jwt.refresh,
        })
      ).status,
    ).toBe(401);
    // presenting a rotated token revoked the whole family, on both APIs: the session is over
    expect((await call(api2, 'POST', '/api/auth/token/refresh/', { refresh: refreshed.json.refresh })).status).toBe(401);
    // (an API that checked the session in the last 2 s may still accept its access token that long)
    for (const api of apis) await waitFor(`${api.url} refuses the ended session`, async () => (await call(api, 'GET', '/api/auth/user/')).status, (s) => s === 401, 3000);
    // so the user signs in again, this time on API 2
    access = '';
    const again = await call(api2, 'POST', '/api/auth/login/', { email, password });
    expect(again.json?.status, again.text).toBe('success');
    access = again.json.jwt.access;

    // a team on API 1, subscribed: checkout opened on API 1, paid on API 2
    const team = await call(api1, 'POST', '/teams/api/teams/', {
      name: 'Scaled Out',
    });
    expect(team.status, team.text).toBe(201);
    slug = team.json.slug;
    const checkout = await call(api1, 'POST', `/a/${slug}/subscription/stripe/api/create-checkout-session/`, {
      price_id: 'price_early_supporter',
      success_url: `${APP_URL}/settings/subscription`,
      cancel_url: `${APP_URL}/settings/subscription`,
    });
    expect(checkout.status, checkout.text).toBe(200);
    const paid = await call(api2, 'POST', `/subscription/local/api/checkout/${(checkout.json as string).split('/').pop()}/pay/`);
    expect(paid.status, paid.text).toBeLessThan(300);

    // a background clip uploaded through API 2, straight into the bucket with the signed URL
    const clip = makeTestVideo({ seconds: 2 });
    const created = await call(api2, 'POST', '/api/text-wall-background-videos/', { filename: 'clip.mp4', content_type: 'video/mp4', size: clip.length });
    expect(created.status, created.text).toBe(201);
    const bgId: string = created.json.id;
    const target = await call(api2, 'POST', `/api/text-wall-background-videos/${bgId}/upload_url/`, {});
    expect(target.json.upload_url).toMatch(new RegExp(`^${s3.endpoint}/media/.*X-Amz-Signature=`));
    const put = await fetch(target.json.upload_url, {
      method: 'PUT',
      headers: target.json.headers,
      body: new Uint8Array(clip),
    });
    expect(put.status, await put.text()).toBe(200);
    const ready = await call(api2, 'POST', `/api/text-wall-background-videos/${bgId}/confirm_upload/`, {});
    expect(ready.json?.status, ready.text).toBe('ready');
    // ... and seen from API 1
    expect((await call(api1, 'GET', `/api/text-wall-background-videos/${bgId}/`)).json).toMatchObject({ id: bgId, status: 'ready' });

    // an avatar uploaded through API 2, served by API 1 (a redirect to the bucket)
    const form = new FormData();
    form.append('avatar', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const avatar = await call(api2, 'POST', '/api/users/profile/upload-image/', form);
    expect(avatar.status, avatar.text).toBe(200);
    const avatarUrl: string = avatar.json.avatar_url;
    expect((await call(api1, 'GET', '/api/auth/user/')).json.avatar_url).toBe(avatarUrl);
    const served = await call(api1, 'GET', avatarUrl);
    expect(served.status, served.text).toBe(302);
    expect(served.headers.get('location')).toMatch(new RegExp(`^${s3.endpoint}/media/avatars/.*X-Amz-Signature=`));
    const image = await fetch(served.headers.get('location')!);
    expect(image.status).toBe(200);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG)).toBe(true);
    timings.push(`signed in, subscribed, uploaded: ${elapsed()}`);

    // videos made on API 1, rendered by whichever worker is free
    const videos: { id: string; render_job_id: string }[] = [];
    for (let i = 0; i < VIDEOS; i++) {
      const video = await call(api1, 'POST', '/api/text-wall-videos/', {
        text: `Scaled out, video ${i + 1} of ${VIDEOS}`,
        background_video_id: bgId,
        duration_seconds: 5,
      });
      expect(video.status, video.text).toBe(201);
      videos.push(video.json);
    }
    const renderStart = Date.now();
    const jobs = await waitFor(
      'every render finished',
      // asked of both APIs in turn
      () => Promise.all(videos.map(async (v, i) => (await call(apis[i % 2], 'GET', `/api/remotion-render-jobs/${v.render_job_id}/`)).json)),
      (js) => js.every((j) => j.status === 'completed' || j.status === 'failed'),
      150_000,
      outputs,
    );
    timings.push(`${VIDEOS} renders of 5 s at 0.2 scale: ${((Date.now() - renderStart) / 1000).toFixed(1)} s`);
    for (const job of jobs)
      expect(job, JSON.stringify(job)).toMatchObject({
        status: 'completed',
        error: null,
        attempts: 1,
      });

    // the workers' JSON logs say who rendered what: each render once, and both workers took some
    const renderedBy = new Map<string, string[]>();
    for (const w of workers) {
      for (const line of logLines(w).filter((l) => l.msg === 'render completed'))
        renderedBy.set(String(line.renderJob), [...(renderedBy.get(String(line.renderJob)) ?? []), w.name]);
    }
    for (const v of videos) expect(renderedBy.get(v.render_job_id), `render ${v.render_job_id}`).toHaveLength(1);
    const perWorker = workers.map((w) => videos.filter((v) => renderedBy.get(v.render_job_id)?.[0] === w.name).length);
    timings.push(`renders per worker: ${perWorker.join(' + ')}`);
    expect(
      perWorker.every((n) => n > 0),
      `renders per worker: ${perWorker}`,
    ).toBe(true);

    // the output, downloaded through API 2's signed URL, is an MP4 of the video
    const job2 = await call(api2, 'GET', `/api/remotion-render-jobs/${videos[0].render_job_id}/`);
    expect(job2.json.output_url).toMatch(new RegExp(`^${s3.endpoint}/media/teams/.*X-Amz-Signature=`));
    const download = await fetch(job2.json.output_url);
    expect(download.status).toBe(200);
    const file = join(scratch, 'output.mp4');
    writeFileSync(file, Buffer.from(await download.arrayBuffer()));
    const probed = ffprobe(file);
    expect(probed.stream).toMatchObject({
      codec_name: 'h264',
      pix_fmt: 'yuv420p',
      width: 216,
      height: 384,
    });
    expect(Math.abs(probed.duration - 5)).toBeLessThan(0.1);
    const thumbnail = await fetch(job2.json.thumbnail_url);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');

    // both APIs list the same videos, in the same state
    const lists = await Promise.all(apis.map(async (api) => (await call(api, 'GET', '/api/text-wall-videos/')).json));
    const summary = (list: { count: number; results: { id: string; status: string; render_job_id: string }[] }) => ({
      count: list.count,
      results: list.results.map((v) => ({
        id: v.id,
        status: v.status,
        render_job_id: v.render_job_id,
      })),
    });
    expect(summary(lists[0]).count).toBe(VIDEOS);
    expect(summary(lists[0]).results.every((v) => v.status === 'completed')).toBe(true);
    expect(new Set(summary(lists[0]).results.map((v) => v.id))).toEqual(new Set(videos.map((v) => v.id)));
    expect(summary(lists[1])).toEqual(summary(lists[0]));
    const backgrounds = await Promise.all(apis.map(async (api) => (await call(api, 'GET', '/api/text-wall-background-videos/')).json));
    expect(backgrounds[1]).toEqual(backgrounds[0]);

    // nothing landed on one machine's disk: the APIs wrote no file, the workers only the mail outbox
    for (const api of apis) expect(filesUnder(api.dataDir), api.name).toEqual([]);
    for (const w of workers)
      expect(
        filesUnder(w.dataDir).every((f) => f.startsWith('outbox/') && f.endsWith('.eml')),
        `${w.name}: ${filesUnder(w.dataDir)}`,
      ).toBe(true);
    timings.push(`flow done: ${elapsed()}`);
  }, 200_000);

  it('every process stops cleanly on SIGTERM and leaves no Chromium or ffmpeg behind', async () => {
    // the renders above ran in this run's Chromium and ffmpeg: the marker finds them
    expect(
      [...seen].some((p) => /chrom|headless/i.test(p)),
      [...seen].join(', '),
    ).toBe(true);
    expect(
      [...seen].some((p) => /ffmpeg/.test(p)),
      [...seen].join(', '),
    ).toBe(true);
    clearInterval(sampler);
    const stopStart = Date.now();
    for (const p of all()) p.child.kill('SIGTERM');
    const codes = await Promise.race([
      Promise.all(all().map((p) => p.exited)),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not stopped within 30 s:\n${outputs()}`)), 30_000)),
    ]);
    expect(codes, outputs()).toEqual([0, 0, 0, 0]);
    for (const api of apis) expect(api.output()).toContain('stopped cleanly');
    timings.push(`stopped in ${((Date.now() - stopStart) / 1000).toFixed(1)} s`);
    // a browser or encoder the workers started would still carry the marker
    await new Promise((r) => setTimeout(r, 500));
    expect(markedProcesses(marker)).toEqual([]);
    const temp = readdirSync(tmpdir()).filter((n) => n.startsWith('hookwall-render-') || n.startsWith('hookwall-thumb-'));
    expect(temp.filter((n) => all().length && n.includes(schemaName))).toEqual([]);
  }, 60_000);
});
