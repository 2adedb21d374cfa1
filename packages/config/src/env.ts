import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { resolveMediaTool, type BinariesMode, type Tool } from '@hookwall/binaries';
import { z } from 'zod';

/**
 * The one place that reads process.env. Every variable is listed in .env.example and the README's
 * configuration table. A bad value stops the start with the list of every problem.
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

export const BILLING_MODES = ['stripe', 'none', 'local'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];
const STRIPE_SETTINGS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PRICE_EARLY_SUPPORTER', 'STRIPE_PRICE_CREDITS_100', 'STRIPE_PRICE_CREDITS_500'] as const;

/** An entry of URL_IMPORT_ALLOW_HOSTS: a host name, an IPv4 or IPv6 address, or a range of either (CIDR). */
function validAllowEntry(entry: string): boolean {
  const slash = entry.indexOf('/');
  if (slash < 0) return /^[a-z0-9._:\[\]-]+$/.test(entry);
  const family = isIP(entry.slice(0, slash));
  const bits = entry.slice(slash + 1);
  return family !== 0 && /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  APP_URL: optionalString.pipe(z.url().optional()),
  DATABASE_URL: optionalString,
  DATABASE_SCHEMA: z.string().regex(/^[a-z_][a-z0-9_]*$/).default('public'),
  JWT_SECRET: optionalString,
  ACCESS_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().positive().default(15 * 60),
  REFRESH_TOKEN_LIFETIME_SECONDS: z.coerce.number().int().positive().default(7 * 24 * 60 * 60),
  SMTP_URL: optionalString,
  MAIL_FROM: z.string().default('Hookwall <no-reply@hookwall.local>'),
  // --- billing: chosen on purpose in production (see resolveBilling) ---
  /**
   * `stripe` (with the STRIPE_* settings), `none` (an internal install: no billing, every team makes
   * videos) or `local` (the free test checkout, no payment taken). Required under
   * NODE_ENV=production; elsewhere Stripe when STRIPE_SECRET_KEY is set, else local.
   */
  BILLING: optionalString.pipe(z.enum(BILLING_MODES).optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_PRICE_EARLY_SUPPORTER: optionalString,
  STRIPE_PRICE_CREDITS_100: optionalString,
  STRIPE_PRICE_CREDITS_500: optionalString,
  /** where the Stripe SDK sends requests (tests point it at a local fake); Stripe's own API by default */
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(65535).optional()),
  STRIPE_API_PROTOCOL: optionalString.pipe(z.enum(['http', 'https']).optional()),
  RUN_WORKER: bool.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** on SIGTERM a worker waits this long for its running jobs, then hands the rest back to the queue */
  WORKER_STOP_GRACE_SECONDS: z.coerce.number().min(0).max(3600).default(8),
  /** finished and failed queue jobs are deleted this many days after they ended (0 keeps them) */
  JOB_RETENTION_DAYS: z.coerce.number().min(0).max(3650).default(7),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(20),
  TRUST_PROXY: bool.default(false),
  WEB_DIST_DIR: optionalString,
  // --- operations: /metrics and overload protection ---
  /** serve /metrics to every address; by default only to loopback connections (see METRICS_TOKEN) */
  METRICS_ENABLED: bool.default(false),
  /** when set, /metrics needs `Authorization: Bearer <METRICS_TOKEN>`, from any address (16 characters at least) */
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).optional()),
  /** answer 503 with Retry-After while the event loop's mean delay over a second is above this many ms (0: never) */
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1000),
  /** ... or while the event loop is busy more than this share of the time, 0 to 1 (0: never) */
  OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: z.coerce.number().min(0).max(1).default(0),
  /** ... or while the V8 heap holds more than this many bytes (0: never) */
  OVERLOAD_MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).default(0),
  /** the Retry-After of those 503 answers, in seconds */
  OVERLOAD_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  // --- per-team quotas (0: no limit) ---
  /** render jobs a team may have queued or rendering at once */
  TEAM_MAX_OPEN_RENDERS: z.coerce.number().int().min(0).max(1_000_000).default(300),
  /** total length, in seconds, of the videos a team may have queued or rendering at once */
  TEAM_MAX_QUEUED_VIDEO_SECONDS: z.coerce.number().int().min(0).max(1_000_000_000).default(7200),
  /** bytes a team may store: its uploaded clips (as declared) and its rendered videos with their thumbnails; binary units, like MAX_UPLOAD_BYTES */
  TEAM_STORAGE_QUOTA_BYTES: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(20 * 1024 ** 3),
  // --- media and storage ---
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(500 * 1024 * 1024),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool.default(false),
  /** ffmpeg and ffprobe: these paths, else the system's (on PATH), else the static builds shipped in npm packages */
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
  /** `auto`: each program from its variable, else the system's, else the shipped one; `shipped`: never the system's (a farm of identical builds) */
  BINARIES: z.enum(['auto', 'shipped']).default('auto'),
  // --- copywriting: the offline template by default; any OpenAI-compatible endpoint when configured ---
  COPYWRITER: z.enum(['template', 'openai']).optional(),
  OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalString,
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  // --- speech: the offline voices by default; any OpenAI-compatible speech endpoint when configured ---
  /** an OpenAI-compatible API's base (…/v1): its `/audio/speech` voices are listed beside the offline ones */
  TTS_BASE_URL: optionalString.pipe(z.url().optional()),
  TTS_API_KEY: optionalString,
  TTS_MODEL: z.string().default('tts-1'),
  /** the remote voices offered, comma-separated (e.g. `alloy,nova`); none are listed without TTS_BASE_URL */
  TTS_VOICES: z
    .string()
    .default('alloy,echo,fable,onyx,nova,shimmer')
    .transform((v) => v.split(',').map((s) => s.trim()).filter(Boolean)),
  /** an OpenAI-compatible `/audio/transcriptions` with word timestamps: the remote voices' word times (else they are aligned to the text), and the words of uploaded clips */
  STT_BASE_URL: optionalString.pipe(z.url().optional()),
  STT_API_KEY: optionalString,
  STT_MODEL: z.string().default('whisper-1'),
  /** how long one call to a remote speech or transcription endpoint may take */
  SPEECH_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  // --- importing a product context from a web page (POST /api/contexts/from_url/) ---
  /**
   * host names or addresses (comma-separated) that an import may fetch although they are on a
   * private network or the machine itself: an intranet shop, or a test's local pages. Address
   * ranges in CIDR notation (`10.1.0.0/16`) are accepted too.
   */
  URL_IMPORT_ALLOW_HOSTS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((entries) => entries.every(validAllowEntry), 'each entry is a host name, an address, or an address range such as 10.1.0.0/16'),
  /** how long one import may spend fetching its page, redirects included */
  URL_IMPORT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // --- ad results ---
  /** a group of videos with fewer impressions than this is `too_little_data` in the insights, never a winner */
  INSIGHTS_MIN_IMPRESSIONS: z.coerce.number().int().min(1).max(1_000_000_000).default(1000),
  // --- rendering ---
  /** the Chromium the renderer drives; default: Debian's chromium-headless-shell, else chromium, else the one shipped in @sparticuz/chromium */
  CHROMIUM_PATH: optionalString,
  /** browser tabs rendering frames of one video in parallel (default: the number of cores) */
  RENDER_CONCURRENCY: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(32).optional()),
  /** renders at this share of the composition's size: 1 in production; tests and previews render small */
  RENDER_SCALE: z.coerce.number().min(0.1).max(1).default(1),
  /** videos a worker renders at once (default: a quarter of the cores, at most one per 1.5 GB of memory, at least 1) */
  RENDER_PARALLEL: optionalString.pipe(z.coerce.number<string | undefined>().int().min(1).max(32).optional()),
  /**
   * renders longer than this many seconds are split into chunks, each a job of its own that takes
   * its turn in the queue and that free workers share (0: never). Default: 20, on the embedded
   * database's single worker too, so another team's render waits for one chunk, not a whole video.
   */
  RENDER_CHUNK_SECONDS: optionalString.pipe(z.coerce.number<string | undefined>().min(0).max(3600).optional()),
  /** make the built-in background videos at start (default: yes, except under NODE_ENV=test) */
  BUILTIN_BACKGROUNDS: bool.optional(),
});

export type RawEnv = z.infer<typeof envSchema>;

/** With Stripe on, every Stripe setting the billing module needs must be there too. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  if (!env.STRIPE_SECRET_KEY) return;
  for (const key of STRIPE_SETTINGS.slice(1)) {
    if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when STRIPE_SECRET_KEY is set' });
  }
});

export class ConfigError extends Error {}

/**
 * The billing mode. Under NODE_ENV=production it must be chosen on purpose: a production that
 * forgot its Stripe keys would otherwise run the free test checkout and hand out subscriptions.
 * A choice that contradicts the Stripe settings (stripe without them, local or none with a key)
 * is refused too. Throws a ConfigError of one line.
 */
export function resolveBilling(env: Pick<RawEnv, 'NODE_ENV' | 'BILLING' | (typeof STRIPE_SETTINGS)[number]>): BillingMode {
  const refuse = (problem: string) => new ConfigError(`Invalid configuration: ${problem}`);
  if (env.BILLING === 'stripe') {
    const missing = STRIPE_SETTINGS.filter((key) => !env[key]);
    if (missing.length > 0) throw refuse(`BILLING=stripe needs ${missing.join(', ')}.`);
    return 'stripe';
  }
  if (env.BILLING) {
    if (env.STRIPE_SECRET_KEY) throw refuse(`BILLING=${env.BILLING} but STRIPE_SECRET_KEY is set: choose BILLING=stripe, or remove the key.`);
    return env.BILLING;
  }
  if (env.NODE_ENV === 'production') {
    throw refuse(
      'BILLING is not set. Under NODE_ENV=production choose it: BILLING=stripe (with the STRIPE_* settings), BILLING=none (no billing: every team makes videos) or BILLING=local (the test checkout: no payment is taken).',
    );
  }
  return env.STRIPE_SECRET_KEY ? 'stripe' : 'local';
}

export interface Config extends Omit<RawEnv, 'JWT_SECRET' | 'APP_URL' | 'COPYWRITER' | 'FFMPEG_PATH' | 'FFPROBE_PATH' | 'BILLING'> {
  /** resolved (resolveBilling): always one of the modes */
  BILLING: BillingMode;
  APP_URL: string;
  /** resolved: the variable's, the system's or the shipped build's path */
  FFMPEG_PATH: string;
  FFPROBE_PATH: string;
  /** where ffmpeg and ffprobe come from (logged at start; checked to run by the processes that use them) */
  tools: { ffmpeg: Tool; ffprobe: Tool };
  COPYWRITER: 'template' | 'openai';
  JWT_SECRET: string;
  DATA_DIR: string;
}

export function parseEnv(env: Record<string, string | undefined> = process.env): RawEnv {
  const result = checkedEnvSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    // one problem fits on one line; several are listed
    throw new ConfigError(problems.length === 1 ? `Invalid configuration: ${problems[0]}` : `Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return result.data;
}

/**
 * Reads the environment and fills the embedded defaults (a signing key generated once and kept in
 * DATA_DIR). `billing: false` is for commands that never bill (migrate, create-staff): they run
 * without a billing choice even under NODE_ENV=production.
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<RawEnv> = {}, options: { billing?: boolean } = {}): Config {
  const raw = { ...parseEnv(env), ...overrides };
  const billing = options.billing === false ? (raw.BILLING ?? (raw.STRIPE_SECRET_KEY ? 'stripe' : 'local')) : resolveBilling(raw);
  const dataDir = resolve(raw.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  let secret = raw.JWT_SECRET;
  if (!secret) {
    const file = join(dataDir, 'jwt-secret');
    if (!existsSync(file)) writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
    secret = readFileSync(file, 'utf8').trim();
  }
  // resolving runs nothing (the start checks that they run); when none is found, the bare name
  // stays, and the start's check says what to install
  const tool = (name: 'ffmpeg' | 'ffprobe', configured: string | undefined): Tool => {
    try {
      return resolveMediaTool(name, { configured, mode: raw.BINARIES as BinariesMode, pathEnv: env.PATH });
    } catch {
      return { name, path: name, source: 'none' };
    }
  };
  const tools = { ffmpeg: tool('ffmpeg', raw.FFMPEG_PATH), ffprobe: tool('ffprobe', raw.FFPROBE_PATH) };
  return {
    ...raw,
    FFMPEG_PATH: tools.ffmpeg.path,
    FFPROBE_PATH: tools.ffprobe.path,
    tools,
    DATA_DIR: dataDir,
    JWT_SECRET: secret,
    BILLING: billing,
    COPYWRITER: raw.COPYWRITER ?? (raw.OPENAI_BASE_URL || raw.OPENAI_API_KEY ? 'openai' : 'template'),
    APP_URL: (raw.APP_URL ?? `http://localhost:${raw.PORT}`).replace(/\/$/, ''),
  };
}

/**
 * loadConfig for a process's entry point: a configuration it cannot run with prints its one-line
 * reason and ends the process (exit 1) before anything starts.
 */
export function loadConfigOrExit(options: { billing?: boolean } = {}): Config {
  try {
    return loadConfig(process.env, {}, options);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
