import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig, type RawEnv } from '@hookwall/config';
import type { Database } from '@hookwall/db';
import { createTestDatabase } from '@hookwall/db/testing';
import { inject } from 'vitest';
import { createHandlers, createMailer, startWorker, type Worker } from '@hookwall/worker';
import { buildApp } from '../app.ts';
import type { AppDeps } from '../core/deps.ts';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  dataDir: string;
  /** PostgreSQL only: the URL of this app's own database, for the processes a test starts beside it */
  databaseUrl?: string;
  /** runs every due job (emails, ...) with the real handlers */
  worker: Worker;
  close(): Promise<void>;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when DATABASE_URL is set (CI), a database
 * of its own on that PostgreSQL server, dropped afterwards. Both are copies of the run's migrated
 * template (test/db-template.ts) when the test's project has one.
 */
export async function createTestApp(
  overrides: Partial<RawEnv> = {},
  options: { beforeReady?: (app: FastifyInstance) => void; /** turns the app's logger on, writing its JSON lines here */ logStream?: NodeJS.WritableStream } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hookwall-test-'));
  const config = loadConfig(process.env, {
    DATA_DIR: dataDir,
    APP_URL: 'http://localhost:3000',
    AUTH_RATE_LIMIT_PER_MINUTE: 1000,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // off: the app shares its event loop with the test, whose own synchronous work (making clips with
    // ffmpeg, probing them) would read as an overloaded server and answer 503 (overload.test.ts turns it on)
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: 0,
    ...overrides,
  });
  const { database, databaseUrl, drop } = await createTestDatabase({ databaseUrl: config.DATABASE_URL, template: databaseTemplate(), poolSize: 5 });
  const app = await buildApp({ config, database, logger: false, logStream: options.logStream });
  options.beforeReady?.(app);
  await app.ready();
  const worker = startWorker(
    {
      db: database.db,
      handlers: createHandlers({ mailer: createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, outboxDir: join(dataDir, 'outbox') }) }),
    },
    { autoStart: false },
  );
  return {
    app,
    deps: app.deps,
    database,
    dataDir,
    databaseUrl,
    worker,
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The run's database template, when the test's project made one (test/db-template.ts). */
export function databaseTemplate(): string | undefined {
  try {
    return inject('databaseTemplate');
  } catch {
    // not inside a test of a project with the set-up
    return undefined;
  }
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  access: string;
  refresh: string;
}

let counter = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

export async function registerUser(app: FastifyInstance, fields: { email?: string; password?: string; first_name?: string; invitation_id?: string } = {}): Promise<TestUser> {
  const email = fields.email ?? uniqueEmail();
  const password = fields.password ?? 'correct horse battery';
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register/',
    payload: { email, password1: password, password2: password, first_name: fields.first_name, invitation_id: fields.invitation_id },
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json();
  return { id: body.user.id, email, password, access: body.access, refresh: body.refresh };
}

/** app.inject with the user's bearer token */
export function as(app: FastifyInstance, user: { access: string } | null) {
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(user ? { authorization: `Bearer ${user.access}` } : {}) } });
}

/** A user with a team of their own (admin); returns the team too. */
export async function userWithTeam(app: FastifyInstance, teamName = 'Acme Studio') {
  const user = await registerUser(app);
  const res = await as(app, user)({ method: 'POST', url: '/teams/api/teams/', payload: { name: teamName } });
  if (res.statusCode !== 201) throw new Error(`team create failed: ${res.statusCode} ${res.body}`);
  return { user, team: res.json() as { id: number; slug: string; name: string } };
}

/** The key of the newest verification link mailed to `email` (read from the queued email, as the user would from their inbox). */
export async function mailedVerificationKey(t: { deps: { db: import('@hookwall/db').Db } }, email: string): Promise<string> {
  const { jobs } = await import('@hookwall/db');
  const { desc, eq } = await import('drizzle-orm');
  const rows = await t.deps.db.select().from(jobs).where(eq(jobs.name, 'send-email')).orderBy(desc(jobs.createdAt));
  for (const row of rows) {
    const payload = row.payload as { to: string; text: string };
    const key = /\/verify-email\?key=([\w-]+)/.exec(payload.text)?.[1];
    if (payload.to === email.toLowerCase() && key) return key;
  }
  throw new Error(`no verification link was mailed to ${email}`);
}

/** Follows the verification link mailed to the user's address. */
export async function verifyUserEmail(t: { app: FastifyInstance; deps: { db: import('@hookwall/db').Db } }, user: { email: string }): Promise<void> {
  const key = await mailedVerificationKey(t, user.email);
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/registration/verify-email/', payload: { key } });
  if (res.statusCode !== 200) throw new Error(`verify failed: ${res.statusCode} ${res.body}`);
}
