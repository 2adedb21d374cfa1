import { speechTokens } from '@hookwall/video/schemas';
import { afterAll, describe, expect, test } from 'vitest';
import { espeakEngine } from './espeak.ts';
import { findVoice, listVoices, sampleText, SpeechProviderError, synthesize, type Speech, type VoiceSettings } from './index.ts';
import { decodeWav, rms } from './wav.ts';

/** tokens with a letter or a digit: the ones a voice says something for */
const readAloud = (text: string) => speechTokens(text).filter((t) => /[\p{L}\p{N}]/u.test(t)).length;

const offline: VoiceSettings = { ttsVoices: [], timeoutMs: 30_000 };

afterAll(() => espeakEngine.stop());

function checkWords(speech: Speech, text: string) {
  expect(speech.words.map((w) => w.text)).toEqual(speechTokens(text));
  let previous = 0;
  for (const w of speech.words) {
    expect(w.start).toBeLessThanOrEqual(w.end);
    expect(w.start).toBeGreaterThanOrEqual(previous);
    expect(w.end).toBeLessThanOrEqual(speech.durationSeconds + 1e-6);
    previous = w.end;
  }
}

describe('offline voices', () => {
  test('the list covers the ten languages, each with a female and a male voice, named for people', () => {
    const voices = listVoices(offline);
    for (const language of ['en-US', 'en-GB', 'es-ES', 'fr-FR', 'de-DE', 'pt-BR', 'it-IT', 'ar', 'hi-IN', 'zh-CN', 'ja-JP']) {
      const of = voices.filter((v) => v.language === language);
      expect(of.map((v) => v.gender).sort(), language).toEqual(['female', 'male']);
      for (const v of of) {
        expect(v.id).toMatch(/^espeak:[\w-]+$/);
        expect(v.provider).toBe('offline');
        expect(v.name).toMatch(/^[A-Z][\w ()]+ \((female|male)\)$/);
      }
    }
    expect(findVoice(offline, 'espeak:fr-FR-female')?.name).toBe('French (female)');
    expect(findVoice(offline, 'espeak:nope')).toBeUndefined();
    expect(voices.every((v) => v.provider === 'offline')).toBe(true);
    expect(sampleText('fr-FR')).toMatch(/Bonjour/);
    expect(sampleText('xx')).toMatch(/Hello/);
  });

  test('French speech: a WAV of a sane length, one time per token, each word louder than the pauses around it', async () => {
    const text = 'Arrêtez de défiler, voici comment vendre plus 🚀 avec vos vidéos. C’est simple !';
    const speech = await synthesize(offline, { voiceId: 'espeak:fr-FR-female', text, speed: 1 });
    expect(speech.contentType).toBe('audio/wav');
    expect(speech.extension).toBe('wav');
    const pcm = decodeWav(speech.audio)!;
    expect(pcm).toBeDefined();
    expect(speech.audio.readUInt16LE(22)).toBe(1); // mono
    expect(speech.audio.readUInt16LE(34)).toBe(16); // 16-bit
    expect(speech.durationSeconds).toBeCloseTo(pcm.samples.length / pcm.sampleRate, 3);
    const spokenWords = readAloud(text); // not the rocket, not the lone '!'
    expect(spokenWords).toBe(speechTokens(text).length - 2);
    expect(speech.durationSeconds).toBeGreaterThan(spokenWords * 0.15);
    expect(speech.durationSeconds).toBeLessThan(spokenWords * 0.8);
    checkWords(speech, text);
    const rocket = speech.words.find((w) => w.text === '🚀')!;
    expect(rocket.end).toBe(rocket.start);

    // loudness: every spoken word's window against the audio no word covers (pauses, the ends)
    const spoken = speech.words.filter((w) => w.end > w.start);
    expect(spoken).toHaveLength(spokenWords);
    const gaps: [number, number][] = [];
    let at = 0;
    for (const w of spoken) {
      if (w.start - at > 0.02) gaps.push([at, w.start]);
      at = w.end;
    }
    if (speech.durationSeconds - at > 0.02) gaps.push([at, speech.durationSeconds]);
    const gapLength = gaps.reduce((s, [a, b]) => s + b - a, 0);
    expect(gapLength).toBeGreaterThan(0.1); // the comma and the full stop are heard as pauses
    const silence = Math.sqrt(gaps.reduce((s, [a, b]) => s + rms(pcm, a, b) ** 2 * (b - a), 0) / gapLength);
    for (const w of spoken) expect(rms(pcm, w.start, w.end), w.text).toBeGreaterThan(Math.max(silence * 3, 0.01));
  });

  test('speed 2 is shorter than speed 1, speed 0.5 longer', async () => {
    const text = 'Three reasons to switch today: price, speed and service.';
    const [slow, normal, fast] = await Promise.all([0.5, 1, 2].map((speed) => synthesize(offline, { voiceId: 'espeak:en-US-male', text, speed })));
    expect(fast!.durationSeconds).toBeLessThan(normal!.durationSeconds * 0.75);
    expect(slow!.durationSeconds).toBeGreaterThan(normal!.durationSeconds * 1.3);
    for (const s of [slow!, normal!, fast!]) checkWords(s, text);
    await expect(synthesize(offline, { voiceId: 'espeak:en-US-male', text, speed: 2.5 })).rejects.toThrow(RangeError);
  });

  test('emoji-only tokens, Arabic, Chinese and Hindi keep one time per token', async () => {
    for (const [voiceId, text] of [
      ['espeak:ar-female', 'توقف عن التمرير 🛑 هذه أسهل طريقة للبيع.'],
      ['espeak:zh-CN-male', '别再滑了。这是最简单的方法！🔥'],
      ['espeak:hi-IN-female', 'यह सबसे आसान तरीका है 😀'],
      ['espeak:en-US-female', '🚀🚀 🔥'],
    ] as const) {
      const speech = await synthesize(offline, { voiceId, text, speed: 1 });
      checkWords(speech, text);
      const said = speech.words.filter((w) => w.end > w.start).length;
      if (voiceId === 'espeak:en-US-female') expect(said).toBe(0);
      else expect(said, voiceId).toBe(readAloud(text));
    }
  });

  test('an unknown voice is a SpeechProviderError', async () => {
    await expect(synthesize(offline, { voiceId: 'espeak:xx-female', text: 'hi', speed: 1 })).rejects.toThrow(SpeechProviderError);
    await expect(synthesize(offline, { voiceId: 'remote:alloy', text: 'hi', speed: 1 })).rejects.toThrow(/no voice "remote:alloy"/);
  });

  test('the engine process is restarted after a crash, even one in the middle of a request', async () => {
    await synthesize(offline, { voiceId: 'espeak:de-DE-male', text: 'Hallo Welt', speed: 1 });
    const first = espeakEngine.pid!;
    expect(first).toBeGreaterThan(0);
    process.kill(first, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
    const after = await synthesize(offline, { voiceId: 'espeak:de-DE-male', text: 'Hallo Welt', speed: 1 });
    expect(after.words.map((w) => w.text)).toEqual(['Hallo', 'Welt']);
    const second = espeakEngine.pid!;
    expect(second).not.toBe(first);
    // killed while it reads: the request is sent once more to a fresh engine
    const pending = synthesize(offline, { voiceId: 'espeak:it-IT-female', text: 'Smetti di cercare, ecco il modo più semplice.', speed: 1 });
    process.kill(second, 'SIGKILL');
    const speech = await pending;
    expect(speech.durationSeconds).toBeGreaterThan(1);
    expect(espeakEngine.pid).not.toBe(second);
  });

  test('texts read at once (a bulk reads two at a time, on two engines) give what each gives alone', async () => {
    const texts = ['Un sérum qui hydrate vraiment.', 'Essayez-le dès aujourd’hui.', 'Dix mille clientes ont changé.'];
    const alone = [];
    for (const text of texts) alone.push(await synthesize(offline, { voiceId: 'espeak:fr-FR-female', text, speed: 1 }));
    const together = await Promise.all(texts.map((text) => synthesize(offline, { voiceId: 'espeak:fr-FR-female', text, speed: 1 })));
    // a fresh engine process places a word a millisecond apart from one that has read before
    for (const [i, speech] of together.entries()) {
      expect(speech.words.map((w) => w.text)).toEqual(alone[i]!.words.map((w) => w.text));
      for (const [j, word] of speech.words.entries()) {
        expect(Math.abs(word.start - alone[i]!.words[j]!.start)).toBeLessThan(0.005);
        expect(Math.abs(word.end - alone[i]!.words[j]!.end)).toBeLessThan(0.005);
      }
      expect(Math.abs(speech.durationSeconds - alone[i]!.durationSeconds)).toBeLessThan(0.01);
    }
  });

  test('markup and [[phonemes]] in a text are not obeyed: the words around them are read, one time per token', async () => {
    const text = '<speak><audio src="file:///etc/passwd"/></speak> [[a]] Moins <b>cher</b>';
    const marked = await synthesize(offline, { voiceId: 'espeak:fr-FR-female', text, speed: 1 });
    expect(marked.words.map((w) => w.text)).toEqual(text.split(/\s+/u));
    const plain = await synthesize(offline, { voiceId: 'espeak:fr-FR-female', text: 'Moins cher', speed: 1 });
    // as SSML the tags vanished and "[[a]]" was one phoneme: all of it came to 0.4 s
    expect(marked.durationSeconds).toBeGreaterThan(plain.durationSeconds);
    const spoken = marked.words.filter((w) => w.end > w.start).map((w) => w.text);
    expect(spoken).toEqual(expect.arrayContaining(['Moins']));
  });

  test('a request that outlives its timeout fails readably and the next one is served', async () => {
    const long = 'Ceci est une très longue phrase qui prend du temps à lire. '.repeat(40);
    await expect(synthesize({ ...offline, timeoutMs: 5 }, { voiceId: 'espeak:fr-FR-male', text: long, speed: 1 })).rejects.toThrow(/did not finish within/);
    const next = await synthesize(offline, { voiceId: 'espeak:fr-FR-male', text: 'Bonjour', speed: 1 });
    expect(next.words).toHaveLength(1);
  });
});
