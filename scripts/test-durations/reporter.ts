import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Writes one line per test file as it ends (its project, state, tests and seconds, set-up and
 * import included) to `.test-results/<TEST_RESULTS_LABEL or "npm-test">.jsonl`, which
 * `npm run test:durations` (scripts/test-durations/print.mjs) and the end of `.ci/run` print.
 * Written line by line, so a run that is stopped still tells where its time went.
 */
const root = join(import.meta.dirname, '../..');
export const resultsFile = join(root, '.test-results', `${process.env.TEST_RESULTS_LABEL || 'npm-test'}.jsonl`);

export default class DurationsReporter implements Reporter {
  private started = Date.now();

  onTestRunStart() {
    this.started = Date.now();
    mkdirSync(dirname(resultsFile), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify({ run: 'start', at: new Date(this.started).toISOString() })}\n`);
  }

  onTestModuleEnd(module: TestModule) {
    const d = module.diagnostic();
    const seconds = (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;
    const tests = [...module.children.allTests()];
    const line = {
      file: relative(root, module.moduleId),
      project: module.project.name,
      state: module.state(),
      tests: tests.length,
      passed: tests.filter((t) => t.result().state === 'passed').length,
      failed: tests.filter((t) => t.result().state === 'failed').length,
      skipped: tests.filter((t) => t.result().state === 'skipped').length,
      seconds: Math.round(seconds * 10) / 10,
      importSeconds: Math.round(d.collectDuration / 100) / 10,
    };
    appendFileSync(resultsFile, `${JSON.stringify(line)}\n`);
  }

  onTestRunEnd() {
    appendFileSync(resultsFile, `${JSON.stringify({ run: 'end', wallSeconds: Math.round((Date.now() - this.started) / 100) / 10 })}\n`);
  }
}
