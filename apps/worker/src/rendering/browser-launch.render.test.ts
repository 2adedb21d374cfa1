import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { launchBrowser } from './browser.ts';

/** A process that looks like a browser Remotion started (it carries a profile directory) and never answers. */
function silentBrowser(): { child: ChildProcess; exited: Promise<NodeJS.Signals | null> } {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)', '--', '--user-data-dir=/tmp/hookwall-launch-test'], {
    detached: true,
    stdio: 'ignore',
  });
  return { child, exited: new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal))) };
}

const timeout = () => new Error('Timed out after 25000 ms while trying to connect to the browser! Chrome logged the following: ');

describe('opening the browser', () => {
  it('kills a browser that did not answer in time and tries once more', async () => {
    const started: ReturnType<typeof silentBrowser>[] = [];
    const browser = await launchBrowser(async () => {
      if (started.length === 0) {
        started.push(silentBrowser());
        await new Promise((r) => setTimeout(r, 100));
        throw timeout();
      }
      return 'the browser';
    });
    expect(browser).toBe('the browser');
    expect(started).toHaveLength(1);
    expect(await started[0].exited).toBe('SIGKILL');
  });

  it('gives up after the second try, and leaves neither browser running', async () => {
    const started: ReturnType<typeof silentBrowser>[] = [];
    await expect(
      launchBrowser(async () => {
        started.push(silentBrowser());
        await new Promise((r) => setTimeout(r, 100));
        throw timeout();
      }),
    ).rejects.toThrow(/Timed out/);
    expect(started).toHaveLength(2);
    expect(await Promise.all(started.map((s) => s.exited))).toEqual(['SIGKILL', 'SIGKILL']);
  });

  it('does not try again when the browser failed for another reason', async () => {
    let calls = 0;
    await expect(
      launchBrowser(async () => {
        calls++;
        throw new Error('Failed to launch the browser process!');
      }),
    ).rejects.toThrow(/Failed to launch/);
    expect(calls).toBe(1);
  });
});
