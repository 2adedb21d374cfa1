import { spawn } from 'node:child_process';
import { defaultMediaTool } from '@hookwall/binaries';
import { alignText } from './align.ts';
import { locateTokens, settleTimes, type TextToken } from './tokens.ts';
import { SpeechProviderError, type Speech, type SpeechWordTime, type Transcription, type VoiceSettings } from './types.ts';
import { decodeWav, encodeWav, toPcm16, type Pcm } from './wav.ts';

type Service = 'speech' | 'transcription';

/** A request to an OpenAI-compatible endpoint, its failures as sentences a user can read. */
async function call(service: Service, url: string, apiKey: string | undefined, body: BodyInit, headers: Record<string, string>, timeoutMs: number, signal?: AbortSignal): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const both = signal ? AbortSignal.any([signal, timeout]) : timeout;
  const what = `The ${service} service`;
  let response: Response;
  try {
    response = await fetch(url, { method: 'POST', body, headers: { ...headers, ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}) }, signal: both });
  } catch (error) {
    if (timeout.aborted) throw new SpeechProviderError(`${what} did not answer within ${seconds(timeoutMs)}.`, { cause: error });
    if (signal?.aborted) throw new SpeechProviderError('The speech was cancelled.', { cause: error });
    throw new SpeechProviderError(`${what} at ${new URL(url).host} could not be reached.`, { cause: error });
  }
  if (!response.ok) {
    const detail = await errorMessage(response, timeout, what, timeoutMs);
    const status = `${response.status}${detail ? `: ${detail}` : ''}`;
    if (response.status === 401 || response.status === 403) throw new SpeechProviderError(`${what} refused the API key (${status}).`);
    if (response.status === 429) throw new SpeechProviderError(`${what} is busy or out of quota (${status}).`);
    if (response.status < 500) throw new SpeechProviderError(`${what} refused the request (${status}).`);
    throw new SpeechProviderError(`${what} failed (${status}).`);
  }
  return response;
}

async function errorMessage(response: Response, timeout: AbortSignal, what: string, timeoutMs: number): Promise<string> {
  let text: string;
  try {
    text = await response.text();
  } catch {
    if (timeout.aborted) throw new SpeechProviderError(`${what} did not answer within ${seconds(timeoutMs)}.`);
    return '';
  }
  try {
    const body = JSON.parse(text) as { error?: { message?: unknown } | string; detail?: unknown; message?: unknown };
    const message = typeof body.error === 'string' ? body.error : body.error?.message ?? body.detail ?? body.message;
    if (typeof message === 'string') return message.slice(0, 300);
  } catch {
    // not JSON: the text itself, if short and readable
  }
  return /^[\x20-\x7e\s]{1,300}$/.test(text.trim()) ? text.trim() : '';
}

async function readBody(service: Service, response: Response, timeoutMs: number): Promise<Buffer> {
  try {
    return Buffer.from(await response.arrayBuffer());
  } catch (error) {
    throw new SpeechProviderError(`The ${service} service did not finish its answer within ${seconds(timeoutMs)}.`, { cause: error });
  }
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const trimSlash = (url: string) => url.replace(/\/+$/, '');

/** OpenAI-compatible `POST {ttsBaseUrl}/audio/speech`, then word times (transcription, else the aligner). */
export async function remoteSpeak(settings: VoiceSettings, voice: string, text: string, speed: number, signal?: AbortSignal): Promise<Speech> {
  if (!settings.ttsBaseUrl) throw new SpeechProviderError('No remote speech service is configured.');
  const response = await call(
    'speech',
    `${trimSlash(settings.ttsBaseUrl)}/audio/speech`,
    settings.ttsApiKey,
    JSON.stringify({ model: settings.ttsModel ?? 'tts-1', input: text, voice, speed, response_format: 'wav' }),
    { 'content-type': 'application/json', accept: 'audio/wav, audio/*' },
    settings.timeoutMs,
    signal,
  );
  const bytes = await readBody('speech', response, settings.timeoutMs);
  const pcm = await decodeAudio(bytes);
  if (!pcm || pcm.samples.length === 0) throw new SpeechProviderError('The speech service answered with something that is not audio.');
  const audio = encodeWav(pcm.sampleRate, toPcm16(pcm.samples));
  const durationSeconds = pcm.samples.length / pcm.sampleRate;
  const tokens = locateTokens(text);
  let words: SpeechWordTime[] | undefined;
  if (settings.sttBaseUrl) {
    try {
      words = wordsOntoTokens(tokens, await transcribe(settings, { data: audio, filename: 'speech.wav' }, signal), durationSeconds);
    } catch (error) {
      if (signal?.aborted) throw error;
      words = undefined; // the audio is good: the aligner times it instead
    }
  }
  return { audio, contentType: 'audio/wav', extension: 'wav', durationSeconds, words: words ?? alignText(tokens, pcm) };
}

/** `POST {sttBaseUrl}/audio/transcriptions` with word timestamps (verbose_json): the words only. */
export async function transcribe(settings: VoiceSettings, audio: { data: Buffer; filename: string }, signal?: AbortSignal): Promise<SpeechWordTime[]> {
  return (await transcribeAudio(settings, audio, signal)).words;
}

/**
 * `POST {sttBaseUrl}/audio/transcriptions` (multipart: file, model, response_format=verbose_json,
 * timestamp_granularities[]=word): the text, the language and the words as the service gave them
 * (each word's text trimmed; entries that are not a word with two finite times left out). An answer
 * that is not a JSON object, or one without a `words` array, is a SpeechProviderError.
 */
export async function transcribeAudio(settings: VoiceSettings, audio: { data: Buffer; filename: string }, signal?: AbortSignal): Promise<Transcription> {
  if (!settings.sttBaseUrl) throw new SpeechProviderError('No transcription service is configured.');
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(audio.data)], { type: 'audio/wav' }), audio.filename);
  form.append('model', settings.sttModel ?? 'whisper-1');
  form.append('response_format', 'verbose_json');
  form.append('timestamp_granularities[]', 'word');
  const response = await call('transcription', `${trimSlash(settings.sttBaseUrl)}/audio/transcriptions`, settings.sttApiKey, form, {}, settings.timeoutMs, signal);
  const raw = (await readBody('transcription', response, settings.timeoutMs)).toString('utf8');
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    body = undefined;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new SpeechProviderError('The transcription service answered with something that is not a transcription.');
  const { words, text, language } = body as { words?: unknown; text?: unknown; language?: unknown };
  if (!Array.isArray(words)) throw new SpeechProviderError('The transcription service gave no word timestamps (it needs timestamp_granularities[]=word with response_format=verbose_json).');
  return {
    text: typeof text === 'string' ? text : '',
    language: typeof language === 'string' && language.trim() ? language.trim() : null,
    words: words.flatMap((w: { word?: unknown; start?: unknown; end?: unknown } | null) =>
      w && typeof w.word === 'string' && typeof w.start === 'number' && typeof w.end === 'number' && Number.isFinite(w.start) && Number.isFinite(w.end)
        ? [{ text: w.word.trim(), start: Math.max(0, w.start), end: Math.max(w.start, w.end) }]
        : [],
    ),
  };
}

const normal = (s: string) => s.normalize('NFKD').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();

/**
 * A transcription's words onto the text's tokens. They rarely match one for one (punctuation,
 * numbers written out, CJK cut otherwise), so the two are aligned character by character (longest
 * common subsequence of their letters and digits): a token's time runs from its first matched
 * character's to its last's, a transcribed word's time shared out over its characters. Tokens left
 * without a match are placed between their neighbours by length.
 */
export function wordsOntoTokens(tokens: TextToken[], heard: SpeechWordTime[], duration: number): SpeechWordTime[] {
  const a: { token: number }[] = [];
  tokens.forEach((t, i) => {
    if (t.spoken) for (const _ of normal(t.text)) a.push({ token: i });
  });
  const aChars = tokens.flatMap((t) => (t.spoken ? [...normal(t.text)] : []));
  const bChars: string[] = [];
  const bTimes: { start: number; end: number }[] = [];
  for (const w of heard) {
    const chars = [...normal(w.text)];
    chars.forEach((c, k) => {
      bChars.push(c);
      const span = (w.end - w.start) / chars.length;
      bTimes.push({ start: w.start + k * span, end: w.start + (k + 1) * span });
    });
  }
  const n = aChars.length;
  const m = bChars.length;
  const times: ({ start: number; end: number } | undefined)[] = tokens.map(() => undefined);
  if (n > 0 && m > 0 && n * m <= 25_000_000) {
    const lcs = Array.from({ length: n + 1 }, () => new Uint16Array(m + 1));
    for (let i = n - 1; i >= 0; i--) for (let j = m - 1; j >= 0; j--) lcs[i]![j] = aChars[i] === bChars[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (aChars[i] === bChars[j]) {
        const token = a[i]!.token;
        const prior = times[token];
        times[token] = { start: prior?.start ?? bTimes[j]!.start, end: bTimes[j]!.end };
        i++;
        j++;
      } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
      else j++;
    }
  }
  // tokens the transcription missed: between their neighbours, by length
  const spoken = tokens.map((t, i) => i).filter((i) => tokens[i]!.spoken);
  for (let s = 0; s < spoken.length; s++) {
    if (times[spoken[s]!]) continue;
    let e = s;
    while (e < spoken.length && !times[spoken[e]!]) e++;
    const from = s > 0 ? times[spoken[s - 1]!]!.end : 0;
    const to = e < spoken.length ? times[spoken[e]!]!.start : duration;
    const lengths = spoken.slice(s, e).map((i) => Math.max(1, normal(tokens[i]!.text).length));
    const total = lengths.reduce((x, y) => x + y, 0);
    let at = from;
    for (let k = s; k < e; k++) {
      const span = (Math.max(0, to - from) * lengths[k - s]!) / total;
      times[spoken[k]!] = { start: at, end: at + span };
      at += span;
    }
    s = e;
  }
  return settleTimes(tokens, times, duration);
}

/** WAV read directly; anything else decoded by the bundled ffmpeg (mp3, opus, …); undefined when it is not audio. */
async function decodeAudio(bytes: Buffer): Promise<Pcm | undefined> {
  const wav = decodeWav(bytes);
  if (wav) return wav;
  if (bytes.length < 16 || looksLikeText(bytes)) return undefined;
  const converted = await ffmpegToWav(bytes).catch(() => undefined);
  return converted ? decodeWav(converted) : undefined;
}

function looksLikeText(bytes: Buffer): boolean {
  const head = bytes.subarray(0, 512).toString('utf8');
  return /^\s*[<{[]/.test(head) || !/[\x00-\x08\x0e-\x1f\x80-\xff]/.test(bytes.subarray(0, 512).toString('latin1'));
}

function ffmpegToWav(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    // audio demuxers only: no playlists, concat lists or network protocols in what a server sent
    const child = spawn(defaultMediaTool('ffmpeg'), ['-v', 'error', '-protocol_whitelist', 'pipe', '-i', 'pipe:0', '-vn', '-ac', '1', '-c:a', 'pcm_s16le', '-f', 'wav', 'pipe:1'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stdin.on('error', () => undefined);
    child.on('error', reject);
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code === 0 && out.length > 0) resolve(Buffer.concat(out));
      else reject(new Error(`ffmpeg exited with ${code}`));
    });
    child.stdin.end(bytes);
  });
}
