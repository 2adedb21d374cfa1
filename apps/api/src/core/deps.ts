import type { Config } from '@hookwall/config';
import type { Database, Db } from '@hookwall/db';
import type { Storage } from '@hookwall/storage';

/** What every module gets: configuration and the database. Built once in app.ts. */
export interface AppDeps {
  config: Config;
  database: Database;
  db: Db;
  /** local disk or S3-compatible object storage (packages/storage) */
  storage: Storage;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** every route registered, HEAD aside: what the permission matrix test walks */
    routeInventory: { method: string; url: string }[];
  }
}
