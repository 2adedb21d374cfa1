import { join } from 'node:path';
import { checkTools, ToolNotFoundError } from '@hookwall/binaries';
import { loadConfigOrExit } from '@hookwall/config';
import { createDatabase } from '@hookwall/db';
import { jobsChannel } from '@hookwall/jobs';
import { buildApp } from './app.ts';

const BILLING_LINES = { stripe: 'Stripe', none: 'none, every team makes videos', local: 'local test checkout, no payment taken' } as const;

/** `npm start`: the API, the web app and (unless --no-worker or RUN_WORKER=false) an in-process worker. */
async function main() {
  const config = loadConfigOrExit();
  const runWorker = config.RUN_WORKER && !process.argv.includes('--no-worker');
  // the programs this process runs: ffmpeg and ffprobe (uploads, built-in backgrounds), and
  // Chromium when the worker runs here; one that cannot run stops the start with what to do
  let tools;
  try {
    tools = await checkTools(config, { chromium: runWorker });
  } catch (error) {
    if (error instanceof ToolNotFoundError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await createDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: join(config.DATA_DIR, 'pglite'),
    schemaName: config.DATABASE_SCHEMA,
  });
  await database.migrate();
  const app = await buildApp({ config, database });

  app.log.info({ binaries: tools }, 'programs');
  type WorkerModule = typeof import('@hookwall/worker');
  let render: Awaited<ReturnType<WorkerModule['createRenderingFromConfig']>> | null = null;
  let worker: ReturnType<WorkerModule['startWorker']> | null = null;
  let stopMaintenance: () => void = () => undefined;

  let isStopping = false;
  const stop = async (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    app.log.info(`${signal} received, stopping`);
    // running renders get WORKER_STOP_GRACE_SECONDS to finish, then go back to the queue
    const force = setTimeout(() => process.exit(1), 15_000 + config.WORKER_STOP_GRACE_SECONDS * 1000);
    force.unref();
    stopMaintenance();
    await app.close();
    await worker?.stop({ graceMs: config.WORKER_STOP_GRACE_SECONDS * 1000 });
    await render?.close();
    // closing PGlite flushes it to disk; exiting before that could leave the data directory damaged
    await database.close();
    app.log.info('stopped cleanly');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info(
    { billing: config.BILLING },
    `Hookwall is running at ${config.APP_URL} (database: ${database.kind}, worker: ${runWorker ? 'in-process' : 'off'}, billing: ${BILLING_LINES[config.BILLING]})`,
  );
  if (config.NODE_ENV === 'production' && config.BILLING === 'local') app.log.warn('BILLING=local: the checkout is the test one and takes no payment');
  if (!runWorker) return;

  // The in-process worker starts once the API answers (queued jobs wait for it in the database).
  // It is loaded only here: `npm run start:api` never loads the renderer or Chromium's driver.
  const workerModule = await import('@hookwall/worker');
  // renders run in the browser and ffmpeg processes: this process only steers them, so the API stays responsive
  const rendering = await workerModule.createRenderingFromConfig(config, database.db, app.deps.storage, app.log);
  if (isStopping) {
    await rendering.close();
    return;
  }
  render = rendering;
  const handlerDeps = {
    mailer: workerModule.createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, outboxDir: join(config.DATA_DIR, 'outbox'), log: (m: string) => app.log.info(m) }),
    render,
  };
  worker = workerModule.startWorker({
    db: database.db,
    listen: (onQueued) => database.listen(jobsChannel(database.schemaName), onQueued),
    // a loop per render slot, and one more so an email never waits behind renders
    concurrency: Math.max(config.WORKER_CONCURRENCY, render.parallel + 1),
    handlers: workerModule.createHandlers(handlerDeps),
    groups: workerModule.handlerGroups(handlerDeps),
    log: app.log,
  });
  stopMaintenance = workerModule.startMaintenance({ db: database.db, storage: app.deps.storage, retentionDays: config.JOB_RETENTION_DAYS, log: app.log });
}

void main();
