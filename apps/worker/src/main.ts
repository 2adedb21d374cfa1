import { join } from 'node:path';
import { checkTools, ToolNotFoundError } from '@hookwall/binaries';
import { loadConfigOrExit } from '@hookwall/config';
import { createDatabase } from '@hookwall/db';
import { jobsChannel } from '@hookwall/jobs';
import { createStorage } from '@hookwall/storage';
import { createHandlers, handlerGroups } from './handlers.ts';
import { createRenderingFromConfig } from './rendering/index.ts';
import { createMailer } from './mail/mailer.ts';
import { startMaintenance } from './maintenance.ts';
import { startWorker } from './worker.ts';

/** `npm run start:worker`: a worker process on its own machine, sharing the API's PostgreSQL. */
async function main() {
  const config = loadConfigOrExit();
  if (!config.DATABASE_URL) {
    console.error('A separate worker needs DATABASE_URL: the embedded database belongs to the `npm start` process.');
    process.exit(1);
  }
  // Chromium, ffmpeg and ffprobe must run here: a worker that cannot render does not start
  let tools;
  try {
    tools = await checkTools(config, { chromium: true });
  } catch (error) {
    if (error instanceof ToolNotFoundError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await createDatabase({ databaseUrl: config.DATABASE_URL, schemaName: config.DATABASE_SCHEMA });
  await database.migrate();
  const log = {
    info: (o: object, m?: string) => console.log(JSON.stringify({ level: 'info', msg: m, ...o })),
    error: (o: object, m?: string) => console.error(JSON.stringify({ level: 'error', msg: m, ...o })),
  };
  log.info({ binaries: tools }, 'programs');
  const storage = createStorage(config);
  const render = await createRenderingFromConfig(config, database.db, storage, log);
  void render.warm();
  const handlerDeps = { mailer: createMailer({ from: config.MAIL_FROM, smtpUrl: config.SMTP_URL, outboxDir: join(config.DATA_DIR, 'outbox') }), render };
  // a loop per render slot, and one more so an email never waits behind renders
  const concurrency = Math.max(config.WORKER_CONCURRENCY, render.parallel + 1);
  const worker = startWorker({
    db: database.db,
    listen: (onQueued) => database.listen(jobsChannel(database.schemaName), onQueued),
    concurrency,
    handlers: createHandlers(handlerDeps),
    groups: handlerGroups(handlerDeps),
    log,
  });
  const stopMaintenance = startMaintenance({ db: database.db, storage, retentionDays: config.JOB_RETENTION_DAYS, log });
  let isStopping = false;
  const stop = async () => {
    if (isStopping) return;
    isStopping = true;
    log.info({ graceSeconds: config.WORKER_STOP_GRACE_SECONDS }, 'stopping');
    const force = setTimeout(() => process.exit(1), 15_000 + config.WORKER_STOP_GRACE_SECONDS * 1000);
    force.unref();
    stopMaintenance();
    // running renders get the grace period to finish, then go back to the queue for another worker
    await worker.stop({ graceMs: config.WORKER_STOP_GRACE_SECONDS * 1000 });
    await render.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
  log.info({ concurrency, renderSlots: render.parallel, billing: config.BILLING }, 'worker started');
}

void main();
