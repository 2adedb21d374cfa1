import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkTool, resolveChromium, resolveMediaTool, ToolNotFoundError } from './index.ts';
import { untar } from './chromium.ts';

const dir = mkdtempSync(join(tmpdir(), 'hookwall-binaries-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the binaries', () => {
  it('a variable wins, then the system (PATH), then the shipped build', () => {
    expect(resolveMediaTool('ffmpeg', { configured: '/opt/ff/ffmpeg', pathEnv: '/usr/bin' })).toEqual({ name: 'ffmpeg', path: '/opt/ff/ffmpeg', source: 'variable' });
    const fake = join(dir, 'ffprobe');
    writeFileSync(fake, '#!/bin/sh\necho fake\n');
    chmodSync(fake, 0o755);
    expect(resolveMediaTool('ffprobe', { pathEnv: `/nowhere:${dir}` })).toEqual({ name: 'ffprobe', path: fake, source: 'system' });
    // shipped mode ignores the system's
    expect(resolveMediaTool('ffprobe', { pathEnv: dir, mode: 'shipped' }).source).toBe('shipped');
    expect(resolveMediaTool('ffmpeg', { pathEnv: '' }).source).toBe('shipped');
  });

  it('the shipped ffmpeg and ffprobe run here, with the filters the fast path uses', () => {
    const ffmpeg = resolveMediaTool('ffmpeg', { mode: 'shipped' });
    const ffprobe = resolveMediaTool('ffprobe', { mode: 'shipped' });
    expect(checkTool(ffmpeg)).toMatch(/^ffmpeg version/);
    expect(checkTool(ffprobe)).toMatch(/^ffprobe version/);
    const filters = execFileSync(ffmpeg.path, ['-hide_banner', '-filters'], { encoding: 'utf8' });
    for (const name of ['overlay', 'zoompan', 'tpad', 'apad', 'fade', 'loop', 'scale', 'geq', 'noise', 'vignette', 'psnr', 'concat']) {
      expect(filters, name).toMatch(new RegExp(`\\s${name}\\s`));
    }
    expect(execFileSync(ffmpeg.path, ['-hide_banner', '-encoders'], { encoding: 'utf8' })).toMatch(/libx264/);
  });

  it('the shipped Chromium unpacks once and runs, for two callers at once', async () => {
    const [a, b] = await Promise.all([resolveChromium({ mode: 'shipped' }), resolveChromium({ mode: 'shipped' })]);
    expect(a).toEqual(b);
    expect(a.source).toBe('shipped');
    expect(checkTool(a)).toMatch(/^Chromium \d+/);
    expect((await resolveChromium({ configured: '/opt/chrome' })).source).toBe('variable');
  }, 120_000);

  it('a program that cannot run stops with what to install and which variable to set', () => {
    const broken = join(dir, 'not-an-ffmpeg');
    writeFileSync(broken, Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0]));
    chmodSync(broken, 0o755);
    const check = () => checkTool({ name: 'ffmpeg', path: broken, source: 'variable' });
    expect(check).toThrow(ToolNotFoundError);
    expect(check).toThrow(/apt-get install ffmpeg.*FFMPEG_PATH/);
    expect(() => checkTool({ name: 'chromium', path: join(dir, 'missing'), source: 'shipped' })).toThrow(/chromium-headless-shell.*CHROMIUM_PATH/);
  });

  it('reads the regular files of a tar archive and nothing outside it', () => {
    const src = join(dir, 'tree');
    execFileSync('mkdir', ['-p', join(src, 'lib')]);
    writeFileSync(join(src, 'lib', 'a.so'), 'AAA');
    writeFileSync(join(src, 'b.txt'), 'B'.repeat(700));
    const archive = execFileSync('tar', ['-C', src, '-cf', '-', 'lib', 'b.txt']);
    const files = untar(archive).map((f) => [f.path, f.data.toString()]);
    expect(files).toEqual([['lib/a.so', 'AAA'], ['b.txt', 'B'.repeat(700)]]);
  });
});
