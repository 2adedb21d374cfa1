import { defineConfig } from 'vitest/config';

// Tests run the workspace packages' sources: the `source` condition of their exports comes before
// `default` (dist/). The rest are vitest's own server conditions (Vite's without `module`, which
// would pick packages' ESM builds that node cannot load, such as the AWS SDK's dist-es).
const sourceFirst = {
  ssr: { resolve: { conditions: ['source', 'node', 'development|production'] } },
};

/**
 * Where a test runs is decided here, by its file name, and nowhere else (docs/testing.md):
 *
 *   x.test.ts         unit    no database of the suite's, no browser; runs once
 *   x.db.test.ts      db      the suite's database: PGlite in `npm test`, PostgreSQL too in CI
 *   x.render.test.ts  render  real Chromium and ffmpeg (the real engine); runs once, on PGlite
 *   x.pg.test.ts      pg      several processes on one PostgreSQL: only where DATABASE_URL is set
 *   apps/web/…test.tsx web    the React app in jsdom
 *   e2e/x.e2e.ts      e2e     the built product in a real browser
 *
 * `npm test` runs every project but pg (which needs a server); CI's PostgreSQL pass runs db and pg
 * (.ci/run). scripts/check-test-kinds.mjs (in `npm run lint`) keeps each file in its kind.
 */
const serverSide = ['apps/api/src', 'apps/worker/src', 'packages/*/src'];
const named = (suffix: string) => serverSide.map((dir) => `${dir}/**/*.${suffix}`);
// isolate: false: a test process loads the server's modules once and runs file after file on them,
// rather than a fresh process importing them again for each file (seconds of CPU per file). Each
// file still makes its own app on its own database; what the modules keep between files (caches)
// is keyed by what makes it differ (config, ids), which this setting keeps proving.
const node = (name: string, include: string[], extra: Record<string, unknown> = {}) => ({
  ...sourceFirst,
  test: { name, include, environment: 'node' as const, pool: 'forks' as const, isolate: false, testTimeout: 60_000, hookTimeout: 120_000, ...extra },
});

export default defineConfig({
  test: {
    // each file's time, set-up included, for `npm run test:durations` and the end of .ci/run
    reporters: ['default', './scripts/test-durations/reporter.ts'],
    projects: [
      node('unit', named('test.ts'), { exclude: [...named('db.test.ts'), ...named('render.test.ts'), ...named('pg.test.ts')] }),
      // every app of these files loads the database migrated once per run (test/db-template.ts)
      node('db', named('db.test.ts'), { globalSetup: ['apps/api/src/test/db-template.ts'] }),
      node('render', named('render.test.ts'), { globalSetup: ['apps/api/src/test/db-template.ts'] }),
      // needs a PostgreSQL server: a project only where DATABASE_URL names one
      ...(process.env.DATABASE_URL ? [node('pg', named('pg.test.ts'), { globalSetup: ['apps/api/src/test/db-template.ts'] })] : []),
      {
        // component tests of the web app: jsdom, with the app's own Vite config (aliases, JSX)
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          // one jsdom window and one module graph for the files a worker runs, not the app loaded
          // again for each file; setup.ts puts back after every test what a test may change
          isolate: false,
          testTimeout: 20_000,
        },
      },
      {
        // end to end: the built product (`node scripts/build.mjs web video` first; the server code is
        // rebuilt when stale) driven by the system Chromium; one server for the run, shared by the
        // files that need no settings of their own (e2e/support/global-setup.ts)
        ...sourceFirst,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['e2e/support/global-setup.ts'],
          environment: 'node',
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
