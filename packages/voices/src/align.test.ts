import { afterAll, expect, test } from 'vitest';
import { alignText, speechRuns, weightOf } from './align.ts';
import { ALIGN_SENTENCES, measureAlignment } from './align-eval.ts';
import { espeakEngine } from './espeak.ts';
import { locateTokens } from './tokens.ts';

afterAll(() => espeakEngine.stop());

test('the aligner lands within 80 ms per word on average of the engine’s own boundaries', async () => {
  const set = ALIGN_SENTENCES.filter((s) => /en-US-male|fr-FR-female|es-ES|ar-|zh-CN/.test(s.voiceId));
  expect(set).toHaveLength(5);
  const report = await measureAlignment(set);
  expect(report.words).toBeGreaterThan(40);
  expect(report.meanMs).toBeLessThan(80);
  expect(report.worstMs).toBeLessThan(400);
});

test('speech runs and pauses in synthetic audio: two tones separated by silence', () => {
  const rate = 16_000;
  const samples = new Float32Array(rate * 2);
  for (let i = 0; i < samples.length; i++) {
    const t = i / rate;
    const on = (t >= 0.2 && t < 0.8) || (t >= 1.1 && t < 1.7);
    samples[i] = on ? 0.3 * Math.sin(2 * Math.PI * 220 * t) : 0.0005 * Math.sin(i * 12.9898);
  }
  const runs = speechRuns({ sampleRate: rate, samples });
  expect(runs).toHaveLength(2);
  expect(runs[0]!.start).toBeCloseTo(0.2, 1);
  expect(runs[1]!.end).toBeCloseTo(1.7, 1);
  // "one two, three four" → the comma is where the pause is
  const words = alignText(locateTokens('one two, three four'), { sampleRate: rate, samples });
  expect(words[1]!.end).toBeLessThanOrEqual(0.81);
  expect(words[2]!.start).toBeGreaterThanOrEqual(1.09);
  expect(weightOf('scrolling.')).toBeGreaterThan(weightOf('ads'));
  expect(weightOf('🚀')).toBe(0);
});
