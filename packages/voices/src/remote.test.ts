import { speechTokens } from '@hookwall/video/schemas';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { espeakEngine } from './espeak.ts';
import { startFakeAudioServer, type FakeAudioServer } from './fake-audio-server.ts';
import { findVoice, listVoices, SpeechProviderError, synthesize, transcribeSpeech, transcribeWords, type VoiceSettings } from './index.ts';
import { decodeWav, encodeWav, toPcm16 } from './wav.ts';

let fake: FakeAudioServer;
let settings: VoiceSettings;
const text = 'Stop scrolling. This changes how you make ads 🚀 for good!';

beforeAll(async () => {
  fake = await startFakeAudioServer();
});
afterAll(async () => {
  await fake.close();
  espeakEngine.stop();
});
beforeEach(() => {
  fake.setMode('ok');
  fake.setTranscript(null);
  fake.seen.length = 0;
  settings = { ttsBaseUrl: fake.url, ttsApiKey: fake.apiKey, ttsModel: 'tts-1', ttsVoices: ['alloy', 'ff_siwis=fr-FR'], timeoutMs: 5_000 };
});

function expectWellTimed(words: { text: string; start: number; end: number }[], duration: number) {
  expect(words.map((w) => w.text)).toEqual(speechTokens(text));
  let previous = 0;
  for (const w of words) {
    expect(w.start).toBeGreaterThanOrEqual(previous);
    expect(w.end).toBeGreaterThanOrEqual(w.start);
    expect(w.end).toBeLessThanOrEqual(duration + 1e-6);
    previous = w.end;
  }
}

describe('remote voices (OpenAI-compatible)', () => {
  test('are listed beside the offline ones only when an endpoint is configured', () => {
    expect(findVoice(settings, 'remote:alloy')).toEqual({ id: 'remote:alloy', name: 'alloy (remote)', language: 'mul', provider: 'remote' });
    expect(findVoice(settings, 'remote:ff_siwis')?.language).toBe('fr-FR');
    expect(listVoices({ ...settings, ttsBaseUrl: undefined }).some((v) => v.provider === 'remote')).toBe(false);
  });

  test('speech with word times from the transcription endpoint', async () => {
    const withStt = { ...settings, sttBaseUrl: fake.url, sttApiKey: fake.apiKey, sttModel: 'whisper-1' };
    const speech = await synthesize(withStt, { voiceId: 'remote:alloy', text, speed: 1.25 });
    expect(speech.contentType).toBe('audio/wav');
    expect(decodeWav(speech.audio)!.samples.length).toBeGreaterThan(1000);
    expectWellTimed(speech.words, speech.durationSeconds);
    const [speak, transcribe] = fake.seen;
    expect(speak).toMatchObject({ method: 'POST', path: '/v1/audio/speech', auth: `Bearer ${fake.apiKey}`, json: { model: 'tts-1', input: text, voice: 'alloy', speed: 1.25, response_format: 'wav' } });
    expect(transcribe).toMatchObject({ path: '/v1/audio/transcriptions', form: { model: 'whisper-1', response_format: 'verbose_json', 'timestamp_granularities[]': 'word' } });
    expect((transcribe!.form!.file as { size: number }).size).toBe(speech.audio.length);
    // the fake's transcription is the engine's own word times: the mapping keeps them
    const reference = await synthesize({ ttsVoices: [], timeoutMs: 30_000 }, { voiceId: 'espeak:en-US-female', text, speed: 1.25 });
    for (const [i, w] of speech.words.entries()) {
      expect(Math.abs(w.start - reference.words[i]!.start), w.text).toBeLessThan(0.03);
      expect(Math.abs(w.end - reference.words[i]!.end), w.text).toBeLessThan(0.03);
    }
  });

  test('speech without a transcription endpoint is timed by the aligner', async () => {
    const speech = await synthesize(settings, { voiceId: 'remote:alloy', text, speed: 1 });
    expect(fake.seen.map((r) => r.path)).toEqual(['/v1/audio/speech']);
    expectWellTimed(speech.words, speech.durationSeconds);
    const reference = await synthesize({ ttsVoices: [], timeoutMs: 30_000 }, { voiceId: 'espeak:en-US-female', text, speed: 1 });
    const errors = speech.words.map((w, i) => (Math.abs(w.start - reference.words[i]!.start) + Math.abs(w.end - reference.words[i]!.end)) / 2);
    expect(errors.reduce((s, e) => s + e, 0) / errors.length).toBeLessThan(0.15);
  });

  test('a 500 is a readable SpeechProviderError carrying the service’s message', async () => {
    fake.setMode('error500');
    const error = await synthesize(settings, { voiceId: 'remote:alloy', text, speed: 1 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SpeechProviderError);
    expect((error as Error).message).toBe('The speech service failed (500: The server had an error while processing your request. Sorry about that!).');
  });

  test('no answer within the timeout', async () => {
    fake.setMode('hang');
    const started = Date.now();
    await expect(synthesize({ ...settings, timeoutMs: 600 }, { voiceId: 'remote:alloy', text, speed: 1 })).rejects.toThrow(new SpeechProviderError('The speech service did not answer within 0.6 s.'));
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  test('an answer that is not audio', async () => {
    fake.setMode('not-audio');
    await expect(synthesize(settings, { voiceId: 'remote:alloy', text, speed: 1 })).rejects.toThrow(new SpeechProviderError('The speech service answered with something that is not audio.'));
  });

  test('a wrong key gets OpenAI’s 401, told as such', async () => {
    await expect(synthesize({ ...settings, ttsApiKey: 'sk-wrong-key' }, { voiceId: 'remote:alloy', text, speed: 1 })).rejects.toThrow(/^The speech service refused the API key \(401: Incorrect API key provided: sk-\*\*\*ey\./);
    expect(fake.seen[0]!.auth).toBe('Bearer sk-wrong-key');
  });

  test('an unreachable service', async () => {
    await expect(synthesize({ ...settings, ttsBaseUrl: 'http://127.0.0.1:1/v1' }, { voiceId: 'remote:alloy', text, speed: 1 })).rejects.toThrow('The speech service at 127.0.0.1:1 could not be reached.');
  });

  test('a failing transcription falls back to the aligner; transcribeWords reports it', async () => {
    const withStt = { ...settings, sttBaseUrl: fake.url, sttApiKey: fake.apiKey };
    fake.setMode('error500', 'transcriptions');
    const speech = await synthesize(withStt, { voiceId: 'remote:alloy', text, speed: 1 });
    expectWellTimed(speech.words, speech.durationSeconds);
    await expect(transcribeWords(withStt, { data: speech.audio, filename: 'hook.wav' })).rejects.toThrow('The transcription service failed (500');
    fake.setMode('ok');
    const words = await transcribeWords(withStt, { data: speech.audio, filename: 'hook.wav' });
    expect(words.map((w) => w.text)).toEqual(['Stop', 'scrolling', 'This', 'changes', 'how', 'you', 'make', 'ads', 'for', 'good']);
    await expect(transcribeWords(settings, { data: speech.audio, filename: 'hook.wav' })).rejects.toThrow('No transcription service is configured.');
  });
});

describe('transcribing any audio (an uploaded clip\'s sound)', () => {
  /** 3 s at 16 kHz: silence, a 440 Hz tone from 1 s to 2 s, silence */
  const toneWav = () => {
    const rate = 16_000;
    const samples = new Float32Array(rate * 3);
    for (let i = rate; i < rate * 2; i++) samples[i] = 0.5 * Math.sin((2 * Math.PI * 440 * i) / rate);
    return encodeWav(rate, toPcm16(samples));
  };
  const withStt = () => ({ ...settings, sttBaseUrl: fake.url, sttApiKey: fake.apiKey });

  test('gives the text, the language and the words, timed on the sound; the request is the OpenAI one', async () => {
    fake.setTranscript('Bonjour tout le monde', 'french');
    const heard = await transcribeSpeech(withStt(), { data: toneWav(), filename: 'clip.wav' });
    expect(heard).toMatchObject({ text: 'Bonjour tout le monde', language: 'french' });
    expect(heard.words.map((w) => w.text)).toEqual(['Bonjour', 'tout', 'le', 'monde']);
    // the fake times the script on the sound it received: inside the tone
    expect(heard.words[0]!.start).toBeGreaterThan(0.9);
    expect(heard.words.at(-1)!.end).toBeLessThan(2.1);
    const request = fake.seen.at(-1)!;
    expect(request.form).toMatchObject({ model: 'whisper-1', response_format: 'verbose_json', 'timestamp_granularities[]': 'word', file: { filename: 'clip.wav', type: 'audio/wav', wav: { sampleRate: 16_000, channels: 1, bits: 16 } } });
  });

  test('audio with nothing said in it is an empty transcription', async () => {
    expect(await transcribeSpeech(withStt(), { data: toneWav(), filename: 'clip.wav' })).toEqual({ text: '', language: 'english', words: [] });
  });

  test('an answer that is not a transcription, or a failure, is a SpeechProviderError a user can read', async () => {
    for (const [mode, reason] of [
      ['wrong-json', 'The transcription service gave no word timestamps'],
      ['not-audio', 'The transcription service answered with something that is not a transcription.'],
      ['error500', 'The transcription service failed (500: The server had an error'],
    ] as const) {
      fake.setMode(mode, 'transcriptions');
      const error = await transcribeSpeech(withStt(), { data: toneWav(), filename: 'clip.wav' }).catch((e: unknown) => e);
      expect(error, mode).toBeInstanceOf(SpeechProviderError);
      expect((error as Error).message, mode).toContain(reason);
    }
    fake.setMode('hang', 'transcriptions');
    await expect(transcribeSpeech({ ...withStt(), timeoutMs: 300 }, { data: toneWav(), filename: 'clip.wav' })).rejects.toThrow('The transcription service did not answer within 0.3 s.');
    await expect(transcribeSpeech({ ...withStt(), sttApiKey: 'sk-wrong' }, { data: toneWav(), filename: 'clip.wav' })).rejects.toThrow(/refused the API key \(401: Incorrect API key/);
  });
});
