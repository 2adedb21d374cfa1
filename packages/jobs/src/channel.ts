import { sql, type SQL } from 'drizzle-orm';

/**
 * The channel's name before the schema: one channel per schema, because a PostgreSQL NOTIFY reaches
 * every listener of the database and the tests run many schemas in one database.
 */
const CHANNEL_PREFIX = 'hookwall_jobs_';

/** The channel workers LISTEN on for new jobs in `schemaName`; `notifyJobQueued` sends on it. */
export function jobsChannel(schemaName: string): string {
  return `${CHANNEL_PREFIX}${schemaName}`;
}

/**
 * The statement that wakes the workers listening for jobs named `name`: the same channel as
 * `jobsChannel`, named from the schema the statement runs in. Inside a transaction it is delivered
 * when the transaction commits, so a woken worker always finds the job.
 */
export function notifyJobQueued(name: string): SQL {
  return sql`select pg_notify(${CHANNEL_PREFIX} || current_schema(), ${name})`;
}
