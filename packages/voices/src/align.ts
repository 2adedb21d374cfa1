import type { TextToken } from './tokens.ts';
import { settleTimes } from './tokens.ts';
import type { Pcm } from './wav.ts';

/**
 * Word times for a known text from the audio alone (a remote voice gives no timings and no
 * transcription endpoint is configured). Three steps:
 *  1. voice activity: 10 ms frames, their loudness in dB against a threshold set between the
 *     recording's noise floor and its speech level, with short dips bridged: runs of speech
 *     separated by pauses;
 *  2. the tokens are cut into as many groups as there are runs, by dynamic programming: each
 *     group's spoken weight should match its run's length at the recording's own pace, and a cut
 *     after a token ending in punctuation is cheaper than one mid-phrase;
 *  3. inside a run, time is shared out by weight (a syllable estimate per word, from its vowels,
 *     or its characters in scripts without written vowels).
 * `npm run eval:align` measures it against eSpeak NG's own word boundaries (docs/voices.md).
 */
const FRAME = 0.01;
const MIN_PAUSE = 0.12;
const MIN_RUN = 0.05;

export interface Run {
  start: number;
  end: number;
}

/** Runs of speech in the audio. */
export function speechRuns(pcm: Pcm): Run[] {
  const size = Math.max(1, Math.round(pcm.sampleRate * FRAME));
  const count = Math.floor(pcm.samples.length / size);
  const db = new Float64Array(count);
  for (let f = 0; f < count; f++) {
    let sum = 0;
    for (let i = f * size; i < (f + 1) * size; i++) sum += pcm.samples[i]! * pcm.samples[i]!;
    db[f] = 10 * Math.log10(sum / size + 1e-10);
  }
  if (count === 0) return [];
  const sorted = Array.from(db).sort((a, b) => a - b);
  const floor = sorted[Math.floor(count * 0.05)]!;
  const loud = sorted[Math.floor(count * 0.95)]!;
  const threshold = Math.max(floor + 0.25 * (loud - floor), loud - 45);
  const runs: Run[] = [];
  let open = -1;
  for (let f = 0; f <= count; f++) {
    const on = f < count && db[f]! > threshold;
    if (on && open < 0) open = f;
    if (!on && open >= 0) {
      runs.push({ start: open * FRAME, end: f * FRAME });
      open = -1;
    }
  }
  // bridge dips shorter than a pause (stops inside a word, breaths between words); drop clicks
  const merged: Run[] = [];
  for (const run of runs) {
    const last = merged[merged.length - 1];
    if (last && run.start - last.end < MIN_PAUSE) last.end = run.end;
    else merged.push({ ...run });
  }
  return merged.filter((r) => r.end - r.start >= MIN_RUN);
}

const VOWELS = /[aeiouyàáâãäåæèéêëìíîïòóôõöøùúûüýÿœɑɐəɛɪʊʌаеёиоуыэюяіїє]+/giu;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/gu;
const DEVANAGARI_VOWEL_SIGN = /[\u093e-\u094c\u0905-\u0914]/gu;

/** A rough syllable count: vowel groups, CJK characters, Devanagari vowels, Arabic letters / 2.2. */
export function weightOf(token: string): number {
  const word = token.toLowerCase();
  const cjk = word.match(CJK)?.length ?? 0;
  if (cjk > 0) return cjk;
  const digits = word.match(/\p{N}/gu)?.length ?? 0;
  const letters = word.match(/\p{L}/gu)?.length ?? 0;
  if (letters + digits === 0) return 0;
  let syllables: number;
  if (/\p{Script=Arabic}|\p{Script=Hebrew}/u.test(word)) syllables = letters / 2.2;
  else if (/\p{Script=Devanagari}/u.test(word)) syllables = 1 + (word.match(DEVANAGARI_VOWEL_SIGN)?.length ?? 0);
  else syllables = word.match(VOWELS)?.length ?? Math.max(1, letters / 3);
  // each letter lengthens a syllable a little; a number is read as words
  return Math.max(1, syllables) + letters * 0.08 + digits * 1.5;
}

const BREAK = /[,.;:!?…،؛؟。，、！？；：」』)\]»"”-]$/u;

/** Word times for the tokens from the audio alone. */
export function alignText(tokens: TextToken[], pcm: Pcm): { text: string; start: number; end: number }[] {
  const duration = pcm.samples.length / pcm.sampleRate;
  const spoken = tokens.map((t, i) => ({ i, weight: t.spoken ? weightOf(t.text) : 0, breaks: BREAK.test(t.text) })).filter((t) => t.weight > 0);
  const times: ({ start: number; end: number } | undefined)[] = tokens.map(() => undefined);
  let runs = speechRuns(pcm);
  if (runs.length === 0) runs = [{ start: 0, end: duration }];
  if (spoken.length === 0) return settleTimes(tokens, times, duration);
  // more runs than words: keep the longest ones
  if (runs.length > spoken.length) runs = [...runs].sort((a, b) => b.end - b.start - (a.end - a.start)).slice(0, spoken.length).sort((a, b) => a.start - b.start);

  const n = spoken.length;
  const r = runs.length;
  const prefix = [0];
  for (const t of spoken) prefix.push(prefix[prefix.length - 1]! + t.weight);
  const speechTime = runs.reduce((s, run) => s + run.end - run.start, 0);
  const pace = speechTime / prefix[n]!;
  // cost[k][j]: the best way to put the first j spoken tokens into the first k runs
  const cost = Array.from({ length: r + 1 }, () => new Float64Array(n + 1).fill(Infinity));
  const from = Array.from({ length: r + 1 }, () => new Int32Array(n + 1).fill(-1));
  cost[0]![0] = 0;
  for (let k = 1; k <= r; k++) {
    const run = runs[k - 1]!;
    const length = run.end - run.start;
    for (let j = k; j <= n - (r - k); j++) {
      for (let a = k - 1; a < j; a++) {
        const prior = cost[k - 1]![a]!;
        if (prior === Infinity) continue;
        const expected = pace * (prefix[j]! - prefix[a]!);
        const misfit = (length - expected) / Math.max(expected, length, 0.15);
        const cut = k < r && !spoken[j - 1]!.breaks ? 0.35 : 0;
        const total = prior + misfit * misfit + cut;
        if (total < cost[k]![j]!) {
          cost[k]![j] = total;
          from[k]![j] = a;
        }
      }
    }
  }
  let j = n;
  for (let k = r; k >= 1; k--) {
    const a = from[k]![j]!;
    const run = runs[k - 1]!;
    const weight = prefix[j]! - prefix[a]!;
    let at = run.start;
    for (let s = a; s < j; s++) {
      const span = ((run.end - run.start) * spoken[s]!.weight) / weight;
      times[spoken[s]!.i] = { start: at, end: at + span };
      at += span;
    }
    j = a;
  }
  return settleTimes(tokens, times, duration);
}
