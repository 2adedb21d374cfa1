import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alignText } from './align.ts';
import { offlineVoice } from './catalog.ts';
import { espeakSpeak } from './espeak.ts';
import { locateTokens } from './tokens.ts';
import { decodeWav, toPcm16 } from './wav.ts';

/**
 * A local OpenAI-compatible audio server for tests (`@hookwall/voices/testing`), speaking the real
 * wire protocol: `POST /v1/audio/speech` answers real WAV audio (spoken by the offline engine),
 * `POST /v1/audio/transcriptions` (multipart) answers verbose_json with word timestamps for audio
 * it spoke itself; any other audio is heard as the script `setTranscript` gave (its words timed on
 * the audio received by the aligner, so they follow its sound), or as nothing. A wrong key gets
 * OpenAI's 401 body. `setMode` makes it fail the way real services do: a 500, no answer at all,
 * bytes that are not audio (an HTML page from a transcription), or JSON that is not a transcription
 * (`wrong-json`). Every request is recorded in `seen`.
 */
export type FakeAudioMode = 'ok' | 'error500' | 'hang' | 'not-audio' | 'wrong-json';
export type FakeAudioEndpoint = 'speech' | 'transcriptions';

export interface SeenAudioRequest {
  method: string;
  path: string;
  auth: string | undefined;
  contentType: string | undefined;
  /** the JSON body of a speech request */
  json?: Record<string, unknown>;
  /** the fields of a transcription request; the file as its name and size, and what a WAV holds */
  form?: Record<string, string | string[] | SeenAudioFile>;
}

export interface SeenAudioFile {
  filename: string;
  size: number;
  /** its content type as the multipart part declared it */
  type: string;
  /** when it is a WAV: its format and length */
  wav?: { sampleRate: number; channels: number; bits: number; durationSeconds: number };
}

export interface FakeAudioServer {
  /** the base URL to configure (TTS_BASE_URL / STT_BASE_URL), ending in /v1 */
  url: string;
  apiKey: string;
  seen: SeenAudioRequest[];
  setMode(mode: FakeAudioMode, endpoint?: FakeAudioEndpoint): void;
  /**
   * What it hears in audio it did not speak itself: this text (in `language`, 'english' unless
   * given), its words timed on the audio received; `null` goes back to hearing nothing there.
   */
  setTranscript(text: string | null, language?: string): void;
  /** answers (successful or not) wait this long first, as a busy service's do (0: at once) */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export interface FakeAudioOptions {
  apiKey?: string;
  /** the offline voice it speaks with when the requested voice is not an offline voice's name (e.g. 'fr-FR-female') */
  defaultVoice?: string;
}

const openAiError = (res: ServerResponse, status: number, message: string, type: string, code: string | null, param: string | null = null) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type, param, code } }));
};

const pcmKey = (wav: Buffer) => {
  const pcm = decodeWav(wav);
  return pcm ? createHash('sha256').update(toPcm16(pcm.samples)).digest('hex') : undefined;
};

/** A WAV's format from its `fmt ` chunk and its length from its `data` chunk; undefined for anything else. */
function wavFormat(bytes: Buffer): SeenAudioFile['wav'] {
  if (bytes.length < 12 || bytes.toString('latin1', 0, 4) !== 'RIFF' || bytes.toString('latin1', 8, 12) !== 'WAVE') return undefined;
  let format: { sampleRate: number; channels: number; bits: number } | undefined;
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = bytes.toString('latin1', at, at + 4);
    const size = bytes.readUInt32LE(at + 4);
    if (id === 'fmt ' && at + 24 <= bytes.length) format = { channels: bytes.readUInt16LE(at + 10), sampleRate: bytes.readUInt32LE(at + 12), bits: bytes.readUInt16LE(at + 22) };
    if (id === 'data' && format) {
      const length = Math.min(size, bytes.length - at - 8);
      return { ...format, durationSeconds: length / (format.sampleRate * format.channels * (format.bits / 8)) };
    }
    at += 8 + size + (size % 2);
  }
  return undefined;
}

export async function startFakeAudioServer(options: FakeAudioOptions = {}): Promise<FakeAudioServer> {
  const apiKey = options.apiKey ?? 'sk-fake-audio-key';
  const defaultVoice = `espeak:${options.defaultVoice ?? 'en-US-female'}`;
  const seen: SeenAudioRequest[] = [];
  const modes: Record<FakeAudioEndpoint, FakeAudioMode> = { speech: 'ok', transcriptions: 'ok' };
  let script: { text: string; language: string } | null = null;
  let delayMs = 0;
  /** what it said, by the audio's samples: the transcription of its own speech */
  const spoken = new Map<string, { text: string; duration: number; words: { word: string; start: number; end: number }[] }>();

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const path = (req.url ?? '').split('?')[0]!;
    const record: SeenAudioRequest = { method: req.method ?? '', path, auth: req.headers.authorization, contentType: req.headers['content-type'] };
    seen.push(record);
    const endpoint: FakeAudioEndpoint | undefined = path === '/v1/audio/speech' ? 'speech' : path === '/v1/audio/transcriptions' ? 'transcriptions' : undefined;
    if (!endpoint || req.method !== 'POST') return openAiError(res, 404, `Invalid URL (${req.method} ${path})`, 'invalid_request_error', null);
    if (req.headers.authorization !== `Bearer ${apiKey}`) {
      const given = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
      return openAiError(res, 401, given ? `Incorrect API key provided: ${given.slice(0, 3)}***${given.slice(-2)}. You can find your API key at https://platform.openai.com/account/api-keys.` : "You didn't provide an API key.", 'invalid_request_error', 'invalid_api_key');
    }
    const mode = modes[endpoint];
    if (mode === 'hang') return; // never answers; close() drops the connection
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (mode === 'error500') return openAiError(res, 500, 'The server had an error while processing your request. Sorry about that!', 'server_error', null);
    try {
      if (endpoint === 'speech') await speech(body, record, res, mode);
      else await transcription(body, req.headers['content-type'] ?? '', record, res, mode);
    } catch (error) {
      openAiError(res, 500, `fake audio server: ${error instanceof Error ? error.message : String(error)}`, 'server_error', null);
    }
  });

  async function speech(body: Buffer, record: SeenAudioRequest, res: ServerResponse, mode: FakeAudioMode) {
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(body.toString('utf8'));
    } catch {
      return openAiError(res, 400, 'We could not parse the JSON body of your request.', 'invalid_request_error', null);
    }
    record.json = json;
    for (const field of ['model', 'input', 'voice'] as const) {
      if (typeof json[field] !== 'string' || !json[field]) return openAiError(res, 400, `Missing required parameter: '${field}'.`, 'invalid_request_error', 'missing_required_parameter', field);
    }
    const speed = json.speed === undefined ? 1 : Number(json.speed);
    if (!(speed >= 0.25 && speed <= 4)) return openAiError(res, 400, `Invalid 'speed': must be between 0.25 and 4.`, 'invalid_request_error', 'invalid_value', 'speed');
    if (json.response_format !== undefined && json.response_format !== 'wav') return openAiError(res, 400, `This fake only speaks 'wav', not '${String(json.response_format)}'.`, 'invalid_request_error', 'invalid_value', 'response_format');
    if (mode === 'not-audio') {
      res.writeHead(200, { 'content-type': 'audio/wav' });
      return res.end('<html><body><h1>502 Bad Gateway</h1><p>upstream closed the connection</p></body></html>');
    }
    const voice = offlineVoice(`espeak:${json.voice as string}`) ? `espeak:${json.voice as string}` : defaultVoice;
    const said = await espeakSpeak(voice, json.input as string, Math.min(2, Math.max(0.5, speed)), 30_000);
    const words = said.words.filter((w) => w.end > w.start).map((w) => ({ word: w.text.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''), start: w.start, end: w.end }));
    spoken.set(pcmKey(said.audio)!, { text: json.input as string, duration: said.durationSeconds, words });
    res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': said.audio.length });
    res.end(said.audio);
  }

  async function transcription(body: Buffer, contentType: string, record: SeenAudioRequest, res: ServerResponse, mode: FakeAudioMode) {
    if (!contentType.startsWith('multipart/form-data')) return openAiError(res, 400, 'Invalid Content-Type header, expected multipart/form-data.', 'invalid_request_error', null);
    // OpenAI's limit on an upload (25 MB)
    if (body.length > 26_214_400) return openAiError(res, 413, `Maximum content size limit (26214400) exceeded (${body.length} bytes read)`, 'server_error', null);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(body), { headers: { 'content-type': contentType } }).formData();
    } catch {
      return openAiError(res, 400, 'Could not parse multipart form', 'invalid_request_error', null);
    }
    const fields: NonNullable<SeenAudioRequest['form']> = {};
    let file: Buffer | undefined;
    for (const [name, value] of form.entries()) {
      if (typeof value === 'string') {
        const prior = fields[name];
        fields[name] = prior === undefined ? value : Array.isArray(prior) ? [...prior, value] : [prior as string, value];
      } else {
        file = Buffer.from(await value.arrayBuffer());
        fields[name] = { filename: value.name, size: file.length, type: value.type, ...(wavFormat(file) && { wav: wavFormat(file) }) };
      }
    }
    record.form = fields;
    if (!file) return openAiError(res, 400, "Missing required parameter: 'file'.", 'invalid_request_error', 'missing_required_parameter', 'file');
    if (typeof fields.model !== 'string') return openAiError(res, 400, "Missing required parameter: 'model'.", 'invalid_request_error', 'missing_required_parameter', 'model');
    if (mode === 'not-audio') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return res.end('<html><body>maintenance</body></html>');
    }
    if (mode === 'wrong-json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ object: 'queue', status: 'pending', message: 'Your request is queued.' }));
    }
    const pcm = decodeWav(file);
    if (!pcm) return openAiError(res, 400, 'Audio file might be corrupted or unsupported', 'invalid_request_error', 'invalid_value', 'file');
    const duration = pcm.samples.length / pcm.sampleRate;
    // its own speech it knows word for word; other audio is heard as the script, timed on its sound
    const own = spoken.get(pcmKey(file)!);
    const heard = own ?? (script ? { text: script.text, words: alignText(locateTokens(script.text), pcm).filter((w) => /[\p{L}\p{N}]/u.test(w.text)).map((w) => ({ word: w.text, start: w.start, end: w.end })) } : undefined);
    const granularities = ([] as string[]).concat(fields['timestamp_granularities[]'] as string | string[] | undefined ?? []);
    const answer: Record<string, unknown> = { task: 'transcribe', language: !own && script ? script.language : 'english', duration, text: heard?.text ?? '', segments: [] };
    if (fields.response_format === 'verbose_json' && granularities.includes('word')) answer.words = heard?.words ?? [];
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(fields.response_format === 'verbose_json' ? answer : { text: answer.text }));
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    apiKey,
    seen,
    setMode(mode, endpoint) {
      if (endpoint) modes[endpoint] = mode;
      else modes.speech = modes.transcriptions = mode;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    setTranscript(text, language = 'english') {
      script = text === null ? null : { text, language };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
