import type { TestProject } from 'vitest/node';
import { startServer, type RunningServer } from './server';

/**
 * Global set-up of the e2e project: one server for the run (the built product, support/server.ts),
 * which the files without settings of their own share (shared-server.ts). It renders at a quarter
 * of the size: no file checks a full-size render (fresh-machine.e2e.ts starts `npm start` itself).
 * A rerun in watch mode gets a new server on a new data directory, so that the files' users can
 * register again.
 */
export default async function setup(project: TestProject) {
  let server: RunningServer = await startServer({ RENDER_SCALE: '0.25' });
  const provide = () => project.provide('e2eServer', { url: server.url, dataDir: server.dataDir });
  provide();
  project.onTestsRerun(async () => {
    await server.stop();
    server = await startServer({ RENDER_SCALE: '0.25' });
    provide();
  });
  return async () => {
    await server.stop();
  };
}
