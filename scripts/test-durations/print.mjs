// `npm run test:durations`: where the last test runs spent their time, from the lines the
// durations reporter wrote (.test-results/*.jsonl: `npm test`, and each pass of .ci/run), and the
// phases .ci/run timed (.test-results/phases.tsv). Run it after `npm test`, or after a single
// `npx vitest run …`, to see what a change costs before submitting it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '../../.test-results');
const top = Number(process.argv[2] ?? 15);
if (!existsSync(dir)) {
  console.log('No test results yet: run `npm test` (or .ci/run) first.');
  process.exit(0);
}
const fmt = (s) => (s >= 60 ? `${Math.floor(s / 60)} min ${String(Math.round(s % 60)).padStart(2, '0')} s` : `${s.toFixed(1)} s`);

const phases = join(dir, 'phases.tsv');
if (existsSync(phases)) {
  console.log('Phases of the last .ci/run:');
  for (const line of readFileSync(phases, 'utf8').trim().split('\n')) {
    const [name, seconds] = line.split('\t');
    console.log(`  ${name.padEnd(44)} ${fmt(Number(seconds)).padStart(12)}`);
  }
  console.log();
}

let passed = 0;
let failed = 0;
for (const name of readdirSync(dir).filter((f) => f.endsWith('.jsonl')).sort()) {
  const lines = readFileSync(join(dir, name), 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const files = lines.filter((l) => l.file);
  const start = lines.find((l) => l.run === 'start');
  const end = lines.find((l) => l.run === 'end');
  const label = name.replace(/\.jsonl$/, '');
  console.log(`${label}: ${files.length} files${start ? `, started ${start.at}` : ''}${end ? `, ${fmt(end.wallSeconds)} of wall time` : ' (did not finish)'}`);
  const byProject = new Map();
  for (const f of files) {
    passed += f.passed ?? 0;
    // a file that failed outside its tests (an import, a hook) counts as one failure
    failed += f.failed || (f.state === 'failed' ? 1 : 0);
    const p = byProject.get(f.project) ?? { files: 0, seconds: 0, tests: 0 };
    p.files++;
    p.seconds += f.seconds;
    p.tests += f.tests;
    byProject.set(f.project, p);
  }
  console.log('  project   files   tests   file time (summed; files run side by side)');
  for (const [project, p] of [...byProject].sort((a, b) => b[1].seconds - a[1].seconds)) {
    console.log(`  ${project.padEnd(8)} ${String(p.files).padStart(6)} ${String(p.tests).padStart(7)}   ${fmt(p.seconds)}`);
  }
  console.log(`  the ${Math.min(top, files.length)} slowest files:`);
  for (const f of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, top)) {
    const flag = f.state === 'failed' ? '  FAILED' : f.skipped === f.tests ? '  (skipped)' : '';
    console.log(`  ${fmt(f.seconds).padStart(12)}  ${f.project.padEnd(7)} ${f.file}${flag}`);
  }
  console.log();
}
console.log(`tests: ${passed} passed, ${failed} failed`);
