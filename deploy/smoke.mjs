#!/usr/bin/env node
// Hookwall post-deploy smoke test: plain Node 20, no dependencies.
//
// It checks /api/health/, signs in, makes one 5 s text wall, waits for its render, downloads the
// MP4 and checks it is a real MP4 of about 5 s. Each step is printed with its time; the first
// failure ends the run with a clear message and exit code 1.
//
//   node deploy/smoke.mjs --base-url https://app.example.com --email ops@example.com --password ...
//   node deploy/smoke.mjs --base-url http://localhost:3000 --register --outbox ./data/outbox
//
// Every flag has an environment variable (flags win). See deploy/README.md, "Smoke test".

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const USAGE = `usage: node deploy/smoke.mjs [options]

  --base-url URL       the product's public address         SMOKE_BASE_URL  (default http://localhost:3000)
  --email EMAIL        an existing account (its team must   SMOKE_EMAIL
  --password PASSWORD    have an active subscription)       SMOKE_PASSWORD
  --register           register a new account instead, verify it from the mail outbox and subscribe
                       through the local test-mode checkout (embedded install: no SMTP, no Stripe)
                                                            SMOKE_REGISTER=1
  --outbox DIR         the outbox directory (.eml files)    SMOKE_OUTBOX    (default ./data/outbox)
  --team SLUG          the team to make the video in        SMOKE_TEAM      (default: the first subscribed team)
  --timeout SECONDS    how long the render may take         SMOKE_TIMEOUT   (default 300)
  --composite H,D      also upload these two MP4 clips (hook, product demo) and make a hook + demo
                       composite of them                    SMOKE_COMPOSITE
  --keep               keep the smoke video (default: delete it at the end)   SMOKE_KEEP=1
  --help               this text`;

const started = performance.now();
function secs(ms) {
  return `${(ms / 1000).toFixed(2)}s`;
}
function elapsed() {
  return secs(performance.now() - started).padStart(8);
}

// ---------- inputs ----------

function parseArgs(argv) {
  const flags = {};
  const valued = new Set(['base-url', 'email', 'password', 'outbox', 'team', 'timeout', 'composite']);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) fail('arguments', `unexpected argument "${arg}"\n\n${USAGE}`);
    const [name, inline] = arg.slice(2).split(/=(.*)/s, 2);
    if (valued.has(name)) {
      const value = inline ?? argv[++i];
      if (value === undefined) fail('arguments', `--${name} needs a value\n\n${USAGE}`);
      flags[name] = value;
    } else if (name === 'register' || name === 'keep' || name === 'help') {
      flags[name] = true;
    } else {
      fail('arguments', `unknown option --${name}\n\n${USAGE}`);
    }
  }
  return flags;
}

const truthy = (v) => v !== undefined && !['', '0', 'false', 'no'].includes(String(v).toLowerCase());

const flags = parseArgs(process.argv.slice(2));
if (flags.help) {
  console.log(USAGE);
  process.exit(0);
}
const env = process.env;
const opts = {
  baseUrl: (flags['base-url'] ?? env.SMOKE_BASE_URL ?? 'http://localhost:3000').replace(/\/+$/, ''),
  email: flags.email ?? env.SMOKE_EMAIL,
  password: flags.password ?? env.SMOKE_PASSWORD,
  register: flags.register ?? truthy(env.SMOKE_REGISTER),
  outbox: flags.outbox ?? env.SMOKE_OUTBOX ?? './data/outbox',
  team: flags.team ?? env.SMOKE_TEAM,
  timeoutSeconds: Number(flags.timeout ?? env.SMOKE_TIMEOUT ?? 300),
  keep: flags.keep ?? truthy(env.SMOKE_KEEP),
  composite: (flags.composite ?? env.SMOKE_COMPOSITE ?? '').split(',').filter(Boolean),
};
if (opts.composite.length && opts.composite.length !== 2) fail('arguments', '--composite takes two MP4 files: HOOK,DEMO');
try {
  new URL(opts.baseUrl);
} catch {
  fail('arguments', `the base URL "${opts.baseUrl}" is not a URL`);
}
if (!Number.isFinite(opts.timeoutSeconds) || opts.timeoutSeconds <= 0) fail('arguments', '--timeout must be a positive number of seconds');
if (!opts.register && (!opts.email || !opts.password)) {
  fail('arguments', `give an account (--email and --password, or SMOKE_EMAIL and SMOKE_PASSWORD) or --register\n\n${USAGE}`);
}

// ---------- output ----------


function fail(step, message) {
  console.error(`[${elapsed()}] FAIL ${step}: ${message}`);
  console.error(`smoke test FAILED at "${step}"`);
  process.exit(1);
}

class StepError extends Error {}

/** Runs one step, prints it with its own time; the first error ends the run. */
async function step(name, fn) {
  const t0 = performance.now();
  try {
    const detail = await fn();
    console.log(`[${elapsed()}] ok   ${name} (${secs(performance.now() - t0)})${detail ? `: ${detail}` : ''}`);
    return detail;
  } catch (error) {
    const message = error instanceof StepError ? error.message : describeError(error);
    fail(name, message);
  }
}

function describeError(error) {
  const cause = error?.cause;
  if (cause) return `${error.message} (${cause.code ?? ''} ${cause.message ?? cause})`.replace(/\s+\)/, ')');
  return error?.stack ?? String(error);
}

const check = (condition, message) => {
  if (!condition) throw new StepError(message);
};

// ---------- HTTP ----------

let accessToken = null;
let teamSlug = null;

/** JSON call to the API; any status but `expect` is a StepError that shows the answer. */
async function api(method, path, { body, expect = [200], auth = true, team = false } = {}) {
  const url = new URL(path, opts.baseUrl + '/');
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (auth && accessToken) headers.authorization = `Bearer ${accessToken}`;
  if (team && teamSlug) headers['x-team-slug'] = teamSlug;
  let response;
  try {
    response = await fetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(30_000), redirect: 'manual' });
  } catch (error) {
    throw new StepError(`${method} ${url.href} did not answer: ${describeError(error)}`);
  }
  const text = await response.text();
  let json = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON: shown below if the status is wrong */
  }
  if (!expect.includes(response.status)) {
    const snippet = text.length > 400 ? `${text.slice(0, 400)}…` : text;
    throw Object.assign(new StepError(`${method} ${url.pathname} answered ${response.status}, expected ${expect.join(' or ')}: ${snippet || '(empty body)'}`), {
      status: response.status,
      json,
    });
  }
  return { status: response.status, json, headers: response.headers };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------- mail outbox ----------

/** Decodes quoted-printable soft breaks and escapes (nodemailer wraps long lines). */
const decodeQuotedPrintable = (s) => s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

/** Waits for the verification email to `email` in the outbox and returns its key. */
async function verificationKeyFromOutbox(email, notBefore, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let seen = 0;
  for (;;) {
    let names = [];
    try {
      names = readdirSync(opts.outbox).filter((n) => n.endsWith('.eml'));
    } catch (error) {
      if (error.code !== 'ENOENT') throw new StepError(`cannot read the outbox ${opts.outbox}: ${error.message}`);
    }
    seen = names.length;
    for (const name of names) {
      const file = join(opts.outbox, name);
      if (statSync(file).mtimeMs < notBefore - 5000) continue;
      const content = decodeQuotedPrintable(readFileSync(file, 'utf8'));
      if (!content.toLowerCase().includes(email.toLowerCase())) continue;
      const match = /\/verify-email\?key=([A-Za-z0-9_-]+)/.exec(content);
      if (match) return { key: match[1], file };
    }
    if (Date.now() > deadline) {
      throw new StepError(
        `no verification email to ${email} in ${opts.outbox} after ${timeoutMs / 1000} s (${seen} .eml files there). ` +
          'Is this the DATA_DIR/outbox of the server, is a worker running, and is SMTP_URL unset?',
      );
    }
    await sleep(500);
  }
}

// ---------- MP4 ----------

/** Reads the top-level boxes and moov/mvhd's duration; enough to tell an MP4 from an error page. */
function inspectMp4(buffer) {
  const boxes = [];
  let duration = null;
  const walk = (start, end, depth) => {
    let offset = start;
    while (offset + 8 <= end) {
      let size = buffer.readUInt32BE(offset);
      const type = buffer.toString('latin1', offset + 4, offset + 8);
      let header = 8;
      if (size === 1) {
        if (offset + 16 > end) break;
        size = Number(buffer.readBigUInt64BE(offset + 8));
        header = 16;
      } else if (size === 0) {
        size = end - offset;
      }
      if (size < header || offset + size > end) break;
      if (depth === 0) boxes.push(type);
      if (type === 'moov') walk(offset + header, offset + size, depth + 1);
      if (type === 'mvhd' && depth === 1) {
        const body = offset + header;
        const version = buffer.readUInt8(body);
        const timescale = version === 1 ? buffer.readUInt32BE(body + 20) : buffer.readUInt32BE(body + 12);
        const units = version === 1 ? Number(buffer.readBigUInt64BE(body + 24)) : buffer.readUInt32BE(body + 16);
        if (timescale > 0) duration = units / timescale;
      }
      offset += size;
    }
  };
  walk(0, buffer.length, 0);
  return { boxes, duration };
}

function ffprobeDuration(buffer) {
  const probe = spawnSync(env.FFPROBE_PATH || 'ffprobe', ['-version'], { stdio: 'ignore' });
  if (probe.error || probe.status !== 0) return null;
  const dir = mkdtempSync(join(tmpdir(), 'hookwall-smoke-'));
  try {
    const file = join(dir, 'video.mp4');
    writeFileSync(file, buffer);
    const out = spawnSync(
      env.FFPROBE_PATH || 'ffprobe',
      ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type,codec_name,width,height', '-of', 'json', file],
      { encoding: 'utf8', timeout: 30_000 },
    );
    if (out.status !== 0) throw new StepError(`ffprobe could not read the video: ${(out.stderr || '').trim()}`);
    const info = JSON.parse(out.stdout);
    const video = (info.streams ?? []).find((s) => s.codec_type === 'video');
    return { duration: Number(info.format?.duration), video };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// ---------- the run ----------

const VIDEO_SECONDS = 5;
const DURATION_TOLERANCE = 0.5;

console.log(`Hookwall smoke test against ${opts.baseUrl} (${opts.register ? `register mode, outbox ${opts.outbox}` : `account ${opts.email}`})`);

await step('health', async () => {
  const { json } = await api('GET', '/api/health/', { auth: false });
  check(json?.status === 'ok', `/api/health/ answered 200 but its status is ${JSON.stringify(json?.status)}`);
  return `database ${json.database?.kind ?? '?'} ${json.database?.latency_ms ?? '?'} ms, queue: ${json.queue?.queued ?? '?'} queued, ${json.queue?.active ?? '?'} active, billing ${json.billing?.mode ?? '?'}`;
});

if (opts.register) {
  opts.email = `smoke+${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  opts.password = `Smoke-${randomBytes(12).toString('base64url')}`;
  const registeredAt = Date.now();
  await step('register', async () => {
    const { json } = await api('POST', '/api/auth/register/', {
      auth: false,
      expect: [201],
      body: { email: opts.email, password1: opts.password, password2: opts.password, first_name: 'Smoke', last_name: 'Test' },
    });
    check(json?.access, 'register answered 201 without an access token');
    return opts.email;
  });
  await step('verify email (outbox)', async () => {
    const { key, file } = await verificationKeyFromOutbox(opts.email, registeredAt, 60_000);
    const { json } = await api('POST', '/api/auth/registration/verify-email/', { auth: false, body: { key } });
    check(json?.email?.toLowerCase() === opts.email.toLowerCase(), `verify-email answered for ${JSON.stringify(json?.email)}`);
    return `link from ${file}`;
  });
}

await step('sign in', async () => {
  const { json } = await api('POST', '/api/auth/login/', { auth: false, body: { email: opts.email, password: opts.password } });
  if (json?.status === 'otp_required') throw new StepError(`${opts.email} has two-factor sign-in on: use an account without it for the smoke test`);
  check(json?.jwt?.access, `login answered without an access token: ${JSON.stringify(json)}`);
  accessToken = json.jwt.access;
  return `user ${json.jwt.user?.id ?? '?'}`;
});

if (opts.register) {
  await step('team', async () => {
    const { json } = await api('GET', '/teams/api/teams/get_or_create_team/');
    check(json?.slug, 'get_or_create_team answered without a slug');
    teamSlug = json.slug;
    return teamSlug;
  });
  await step('subscribe (local test-mode checkout)', async () => {
    const slug = encodeURIComponent(teamSlug);
    const { json: plans } = await api('GET', `/a/${slug}/subscription/api/plans/`);
    // BILLING=none: every team makes videos, there is nothing to pay
    if (plans?.provider === 'none') return 'not needed: billing is off';
    if (plans?.provider !== 'local') {
      throw new StepError(
        `billing provider is "${plans?.provider}", not the local test mode: --register cannot pay. Run the smoke test with --email/--password of an account whose team is subscribed.`,
      );
    }
    const priceId = plans.plans?.[0]?.stripe_price_id;
    check(priceId, `no plan in ${JSON.stringify(plans)}`);
    // success/cancel URLs must be on the app's APP_URL origin; start with ours, learn APP_URL from the 400 if it differs
    let origin = new URL(opts.baseUrl).origin;
    let checkoutUrl;
    for (let attempt = 0; attempt < 2 && !checkoutUrl; attempt++) {
      try {
        const { json } = await api('POST', `/a/${slug}/subscription/stripe/api/create-checkout-session/`, {
          body: { price_id: priceId, success_url: `${origin}/settings/subscription`, cancel_url: `${origin}/settings/subscription` },
        });
        checkoutUrl = json;
      } catch (error) {
        const appOrigin = /on this app \(([^)]+)\)/.exec(JSON.stringify(error.json ?? ''))?.[1];
        if (attempt > 0 || error.status !== 400 || !appOrigin) throw error;
        origin = appOrigin;
      }
    }
    check(typeof checkoutUrl === 'string', `create-checkout-session answered ${JSON.stringify(checkoutUrl)}, expected a URL`);
    const sessionId = /\/billing\/checkout\/([0-9a-f-]+)/.exec(checkoutUrl)?.[1];
    check(sessionId, `the checkout URL ${checkoutUrl} is not the local checkout page`);
    await api('POST', `/subscription/local/api/checkout/${sessionId}/pay/`, { body: {} });
    const { json: team } = await api('GET', '/teams/api/teams/get_or_create_team/');
    check(team?.has_active_subscription === true, `paid the checkout, but team ${teamSlug} still has no active subscription`);
    return `${plans.plans[0].name}, session ${sessionId}`;
  });
} else {
  await step('team', async () => {
    const { json } = await api('GET', '/teams/api/teams/?page_size=100');
    const teams = json?.results ?? [];
    check(teams.length > 0, `${opts.email} is in no team: sign in to the web app once (it makes the first team) and subscribe it`);
    const team = opts.team ? teams.find((t) => t.slug === opts.team) : (teams.find((t) => t.has_active_subscription) ?? teams[0]);
    check(team, `${opts.email} is not in team "${opts.team}" (teams: ${teams.map((t) => t.slug).join(', ')})`);
    check(
      team.has_active_subscription,
      `team "${team.slug}" of ${opts.email} has no active subscription, and making a video needs one: subscribe it (Settings, Subscription) or use another account`,
    );
    teamSlug = team.slug;
    return `${teamSlug} (subscribed)`;
  });
}

let videoId;
await step('create a 5 s text wall', async () => {
  const { json } = await api('POST', '/api/text-wall-videos/', {
    team: true,
    expect: [201],
    body: { text: `Hookwall smoke test ${new Date().toISOString()}`, duration_seconds: VIDEO_SECONDS, aspect: '9:16', render: true },
  });
  check(json?.id, 'the create answered without an id');
  videoId = json.id;
  return `video ${videoId}, ${json.status}`;
});

/** Waits until the video (`text-wall-videos` or `composite-videos`) is rendered; resolves its output URL. */
async function waitRendered(label, collection, id) {
  let outputUrl;
  await step(`render the ${label}`, async () => {
    const deadline = Date.now() + opts.timeoutSeconds * 1000;
    let lastStatus = '';
    let lastPrinted = 0;
    for (;;) {
      const { json } = await api('GET', `/api/${collection}/${id}/render_status/`, { team: true });
      // a line when the status changes, else one every 5 s
      if (json.status !== lastStatus || Date.now() - lastPrinted >= 5000) {
        console.log(`[${elapsed()}]        render: ${json.status} ${Math.round((json.progress ?? 0) * 100)}%`);
        lastStatus = json.status;
        lastPrinted = Date.now();
      }
      if (json.status === 'completed') {
        check(json.output_url, 'the render completed without an output_url');
        outputUrl = json.output_url;
        return `render job ${json.render_job_id}`;
      }
      if (json.status === 'failed' || json.status === 'cancelled') throw new StepError(`the render ${json.status}: ${json.error ?? '(no reason given)'}`);
      if (Date.now() > deadline) {
        throw new StepError(
          `not rendered after ${opts.timeoutSeconds} s (still ${json.status}). Is a worker running (npm run start:worker), and does /api/health/ show the queue moving?`,
        );
      }
      await sleep(1000);
    }
  });
  return outputUrl;
}

/** Downloads the rendered MP4 and checks it: its boxes, and its length (`seconds`, or at least 1 s when unknown). */
async function downloadAndCheck(label, outputUrl, seconds) {
  let mp4;
  await step(`download the ${label}`, async () => {
    const url = new URL(outputUrl, opts.baseUrl + '/');
    let response;
    try {
      response = await fetch(url, { signal: AbortSignal.timeout(120_000) });
    } catch (error) {
      throw new StepError(`GET ${url.origin}${url.pathname} did not answer: ${describeError(error)}`);
    }
    check(response.ok, `GET ${url.origin}${url.pathname} answered ${response.status}`);
    mp4 = Buffer.from(await response.arrayBuffer());
    return `${(mp4.length / 1024).toFixed(0)} KiB, ${response.headers.get('content-type') ?? 'no content-type'}`;
  });
  await step(`check the ${label}'s MP4`, async () => {
    const fits = (d) => (seconds ? Math.abs(d - seconds) <= DURATION_TOLERANCE : d >= 1);
    const expected = seconds ? `${seconds} s ± ${DURATION_TOLERANCE}` : 'at least 1 s';
    check(mp4.length >= 20 * 1024, `the file is ${mp4.length} bytes: too small for a video`);
    check(mp4.length <= 200 * 1024 * 1024, `the file is ${mp4.length} bytes: too large for a smoke video`);
    check(mp4.toString('latin1', 4, 8) === 'ftyp', `no ftyp box at the start: not an MP4 (starts with ${JSON.stringify(mp4.toString('latin1', 0, 16))})`);
    const { boxes, duration } = inspectMp4(mp4);
    check(boxes.includes('moov') && boxes.includes('mdat'), `MP4 boxes ${boxes.join(', ')}: expected moov and mdat`);
    check(duration !== null, 'no duration in moov/mvhd');
    check(fits(duration), `the MP4 lasts ${duration.toFixed(2)} s, expected ${expected}`);
    let detail = `boxes ${boxes.join(' ')}, mvhd ${duration.toFixed(2)} s`;
    const probed = ffprobeDuration(mp4);
    if (probed) {
      check(probed.video, 'ffprobe finds no video stream');
      check(fits(probed.duration), `ffprobe: the video lasts ${probed.duration} s, expected ${expected}`);
      detail += `; ffprobe ${probed.duration.toFixed(2)} s, ${probed.video.codec_name} ${probed.video.width}x${probed.video.height}`;
    } else {
      detail += '; ffprobe not on PATH, skipped';
    }
    return detail;
  });
}

await downloadAndCheck('text wall', await waitRendered('text wall', 'text-wall-videos', videoId), VIDEO_SECONDS);

/** Uploads a clip as a brand video through the upload flow (create, signed PUT, confirm) and resolves its id once ready. */
async function uploadBrandClip(path, kind) {
  let id;
  await step(`upload the ${kind} clip`, async () => {
    const bytes = readFileSync(path);
    const { json: created } = await api('POST', '/api/brand-videos/', {
      team: true,
      expect: [201],
      body: { filename: path.split('/').pop(), content_type: 'video/mp4', size: bytes.length, kind, title: `Smoke ${kind}` },
    });
    id = created.id;
    const { json: target } = await api('POST', `/api/brand-videos/${id}/upload_url/`, { team: true, body: {} });
    // the local store's URL names APP_URL: send it to the address this script reaches
    let url = new URL(target.upload_url, opts.baseUrl + '/');
    if (url.pathname.startsWith('/media/upload/')) url = new URL(url.pathname + url.search, opts.baseUrl + '/');
    const put = await fetch(url, { method: 'PUT', headers: target.headers ?? {}, body: bytes, signal: AbortSignal.timeout(120_000) });
    check(put.ok, `the upload answered ${put.status}: ${(await put.text()).slice(0, 300)}`);
    const { json: confirmed } = await api('POST', `/api/brand-videos/${id}/confirm_upload/`, { team: true, body: {} });
    check(confirmed.status === 'ready', `the clip is ${confirmed.status}: ${confirmed.error ?? ''}`);
    return `${id}, ${(bytes.length / 1024).toFixed(0)} KiB`;
  });
  return id;
}

const compositeIds = [];
if (opts.composite.length) {
  const hookId = await uploadBrandClip(opts.composite[0], 'hook');
  const demoId = await uploadBrandClip(opts.composite[1], 'product_demo');
  await step('create a hook + demo composite', async () => {
    const { json } = await api('POST', '/api/composite-videos/bulk_create_hook_product_demo/', {
      team: true,
      expect: [201, 202],
      body: { hook_video_ids: [hookId], product_demo_video_ids: [demoId], product_name: 'Smoke' },
    });
    check(json?.video_ids?.length === 1, `expected one composite, got ${JSON.stringify(json)}`);
    compositeIds.push(json.video_ids[0]);
    return `video ${json.video_ids[0]}`;
  });
  await downloadAndCheck('composite', await waitRendered('composite', 'composite-videos', compositeIds[0]), null);
  compositeIds.push(hookId, demoId);
}

if (!opts.keep) {
  await step('delete the smoke video', async () => {
    await api('DELETE', `/api/text-wall-videos/${videoId}/`, { team: true, expect: [204] });
    if (compositeIds.length) {
      await api('DELETE', `/api/composite-videos/${compositeIds[0]}/`, { team: true, expect: [204] });
      for (const id of compositeIds.slice(1)) await api('DELETE', `/api/brand-videos/${id}/`, { team: true, expect: [204] });
    }
    return [videoId, ...compositeIds].join(', ');
  });
}

console.log(`[${elapsed()}] smoke test passed${opts.register ? ` (account ${opts.email}, password ${opts.password})` : ''}`);
