import { defineConfig } from 'vitest/config';

// Tests run the workspace packages' sources: the `source` condition of their exports comes before
// `default` (dist/). The rest are vitest's own server conditions (Vite's without `module`, which
// would pick packages' ESM builds that node cannot load, such as the AWS SDK's dist-es).
const sourceFirst = {
  ssr: { resolve: { conditions: ['source', 'node', 'development|production'] } },
};

export default defineConfig({
  test: {
    projects: [
      {
        ...sourceFirst,
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/worker/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        // component tests of the web app: jsdom, with the app's own Vite config (aliases, JSX)
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./src/test/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // end to end: the real server (after `npm run build -w apps/web`) driven by the system Chromium
        ...sourceFirst,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.ts'],
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
