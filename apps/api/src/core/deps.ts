import type { Config } from '@hookwall/config';
import type { Database, Db } from '@hookwall/db';

/** What every module gets: configuration and the database. Built once in app.ts. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}
