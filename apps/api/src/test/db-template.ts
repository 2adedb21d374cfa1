import type { TestProject } from 'vitest/node';
// by path, not '@hookwall/db/testing': a global set-up runs in vitest's own process, which resolves
// a package's exports to dist/ (the `default` condition), not to the sources the tests run
import { createDatabaseTemplate } from '../../../../packages/db/src/testing.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the run's migrated database template (createTestDatabase in @hookwall/db/testing) */
    databaseTemplate: string;
  }
}

/**
 * Global set-up of the projects whose tests open the suite's database: migrates one database per
 * run (PGlite, or a template database on the PostgreSQL of DATABASE_URL) that every test app then
 * copies (harness.ts). The migrations stay proven from nothing here, and by the tests that start
 * `npm start` on an empty data directory.
 */
export default async function setup(project: TestProject) {
  const template = await createDatabaseTemplate(process.env.DATABASE_URL || undefined);
  project.provide('databaseTemplate', template.ref);
  return () => template.drop();
}
