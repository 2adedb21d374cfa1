// `npm run bench:render` (its last part): the first video of a freshly started product against the
// steady state. A new install makes its 8 built-in background clips after the first start (ffmpeg,
// about a minute of both cores); a new user's first video renders beside that work, at a higher
// priority. Two products are started on new data directories, one after the other:
//  - a control without the built-in backgrounds: its first video (cold browser) and its second;
//  - the default: its first video, made at once while the backgrounds are being made, and one made
//    after all 8 are made.
// Each video is a 5 s text wall made through the smoke script (register, verify, subscribe, render,
// download). It prints the render times and their ratios: what the backgrounds cost the first video
// (first with backgrounds / first without) and the first against the steady state.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

async function session(backgrounds) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hookwall-bench-first-'));
  const port = 20000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_URL: base, LOG_LEVEL: 'info', BUILTIN_BACKGROUNDS: String(backgrounds) };
  delete env.DATABASE_URL;
  const server = spawn('npm', ['start'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let log = '';
  server.stdout.on('data', (c) => (log += c));
  server.stderr.on('data', (c) => (log += c));
  const stop = () => {
    try {
      process.kill(-server.pid, 'SIGTERM');
    } catch {
      // already ended
    }
  };
  process.on('exit', stop);
  try {
    const t0 = Date.now();
    for (;;) {
      const ok = await fetch(`${base}/api/health/`).then((r) => r.ok, () => false);
      if (ok) break;
      if (server.exitCode !== null || Date.now() - t0 > 300_000) throw new Error(`the product did not start:\n${log.slice(-3000)}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const readyMs = Date.now() - t0;

    /** One smoke run (a 5 s text wall at 1080x1920); the seconds its render took, from the request to the stored video. */
    const smoke = () => {
      const out = execFileSync(process.execPath, [join(root, 'deploy/smoke.mjs'), '--base-url', base, '--register', '--outbox', join(dataDir, 'outbox')], { encoding: 'utf8' });
      const seconds = Number(/ok {3}render the text wall \(([\d.]+)s\)/.exec(out)?.[1]);
      if (!seconds) throw new Error(`no render time in the smoke output:\n${out}`);
      return seconds;
    };
    const made = () => (log.match(/built-in background \\?"[a-z-]+\\?" made in/g) ?? []).length;

    const first = smoke();
    const madeDuringFirst = made();
    let backgroundsMs;
    if (backgrounds) {
      const waitFrom = Date.now();
      while (made() < 8) {
        if (Date.now() - waitFrom > 600_000) throw new Error(`only ${made()} of 8 backgrounds made after 10 minutes`);
        await new Promise((r) => setTimeout(r, 1000));
      }
      backgroundsMs = Date.now() - t0;
    }
    const second = smoke();
    return { readyMs, first, second, madeDuringFirst, backgroundsMs };
  } finally {
    stop();
    await new Promise((r) => (server.exitCode !== null ? r() : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const control = await session(false);
const product = await session(true);
const result = {
  readyMs: product.readyMs,
  controlFirstVideoRenderSeconds: control.first,
  controlSecondVideoRenderSeconds: control.second,
  firstVideoRenderSeconds: product.first,
  backgroundsMadeWhileFirstRendered: product.madeDuringFirst,
  allBackgroundsMadeAfterStartSeconds: product.backgroundsMs / 1000,
  steadyVideoRenderSeconds: product.second,
  backgroundsCost: product.first / control.first,
  ratio: product.first / product.second,
};
console.log('\nFirst video of a freshly started product (npm start on a new data directory, a 5 s text wall at 1080x1920):');
console.log(`  ready (health 200) ${(product.readyMs / 1000).toFixed(1)} s after npm start`);
console.log(`  without built-in backgrounds: first video ${control.first.toFixed(1)} s, second ${control.second.toFixed(1)} s`);
console.log(`  with them: first video, while they are being made: ${product.first.toFixed(1)} s (${product.madeDuringFirst} of 8 made by then)`);
console.log(`  all 8 backgrounds made ${(product.backgroundsMs / 1000).toFixed(0)} s after start`);
console.log(`  a video once they are made: ${product.second.toFixed(1)} s`);
console.log(`  first with backgrounds / first without: ${result.backgroundsCost.toFixed(2)}x`);
console.log(`  first / steady: ${result.ratio.toFixed(2)}x`);
console.log(JSON.stringify(result));
process.exit(0);
