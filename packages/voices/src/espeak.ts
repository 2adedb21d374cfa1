import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { offlineVoice } from './catalog.ts';
import { locateTokens, readableText, settleTimes } from './tokens.ts';
import { SpeechProviderError, type Speech } from './types.ts';
import { encodeWav } from './wav.ts';

/** eSpeak NG's words per minute at speed 1; it takes 80–450. */
const NORMAL_RATE = 175;

interface EngineEvent {
  type: 'word' | 'phoneme' | 'end';
  /** 1-based code point offset in the text */
  position: number;
  length: number;
  ms: number;
  phoneme?: string;
}

interface EngineAnswer {
  sampleRate: number;
  pcm: Int16Array;
  events: EngineEvent[];
}

interface Job {
  message: { voice: string; rate: number; text: string };
  timeoutMs: number;
  resolve(answer: EngineAnswer): void;
  reject(error: Error): void;
  signal?: AbortSignal;
  /** sent again once after the engine died under it */
  retried: boolean;
}

/**
 * The engine's child process (`@hookwall/voices/espeak-child`, found through the package's
 * exports so it works from the sources and from dist alike): started on first use, one request at
 * a time from a queue, restarted after a crash, killed and restarted when a request outlives its
 * timeout. The child keeps the parent alive only while it works.
 */
class EspeakProcess {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private queue: Job[] = [];
  private current: { job: Job; id: number; timer: NodeJS.Timeout } | undefined;
  private nextId = 1;

  run(job: Omit<Job, 'resolve' | 'reject' | 'retried'>): Promise<EngineAnswer> {
    return new Promise((resolve, reject) => {
      if (job.signal?.aborted) return reject(new SpeechProviderError('The speech was cancelled.'));
      const onAbort = () => {
        const at = this.queue.indexOf(full);
        if (at >= 0) this.queue.splice(at, 1);
        reject(new SpeechProviderError('The speech was cancelled.'));
      };
      // the listener goes with the job: a bulk's texts share one signal, which must not collect them
      const settled = <A extends unknown[]>(settle: (...args: A) => void) => (...args: A) => {
        job.signal?.removeEventListener('abort', onAbort);
        settle(...args);
      };
      const full: Job = { ...job, resolve: settled(resolve), reject: settled(reject), retried: false };
      job.signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(full);
      this.pump();
    });
  }

  /** the child's process id (tests kill it to check the recovery) */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /** requests this process holds: the one it reads and those waiting */
  get load(): number {
    return this.queue.length + (this.current ? 1 : 0);
  }

  stop(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
    this.ready = undefined;
  }

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const entry = createRequire(import.meta.url).resolve('@hookwall/voices/espeak-child');
    const child = fork(entry, [], { serialization: 'advanced', stdio: ['ignore', 'ignore', 'pipe', 'ipc'], execArgv: [] });
    this.child = child;
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    this.ready = new Promise<void>((resolve, reject) => {
      child.on('message', (message: { ready?: boolean; id?: number; ok?: boolean; message?: string } & Partial<EngineAnswer>) => {
        if (message.ready) return resolve();
        const current = this.current;
        if (!current || current.id !== message.id) return;
        clearTimeout(current.timer);
        this.current = undefined;
        if (message.ok) current.job.resolve({ sampleRate: message.sampleRate!, pcm: message.pcm!, events: message.events! });
        else current.job.reject(new SpeechProviderError(`The offline voice could not read this text (${message.message}).`));
        this.pump();
      });
      child.on('exit', (code, signal) => {
        if (this.child === child) {
          this.child = undefined;
          this.ready = undefined;
        }
        reject(new SpeechProviderError(`The offline voice engine could not start (${signal ?? `exit ${code}`}${stderr ? `: ${stderr.trim().split('\n').pop()}` : ''}).`));
        const current = this.current;
        if (current && current.id > 0) {
          clearTimeout(current.timer);
          this.current = undefined;
          // the engine died under this request: once more on a fresh engine, then give up
          if (!current.job.retried) {
            current.job.retried = true;
            this.queue.unshift(current.job);
          } else current.job.reject(new SpeechProviderError('The offline voice engine stopped while reading this text.'));
        }
        this.pump();
      });
    });
    this.ready.catch(() => undefined);
    return this.ready;
  }

  private pump(): void {
    if (this.current) return;
    const job = this.queue.shift();
    if (!job) {
      // idle: the engine must not keep the process alive (a script ends, the API can stop)
      if (this.child) hold(this.child, false);
      return;
    }
    const id = this.nextId++;
    const timer = setTimeout(() => {
      if (this.current?.id !== id) return;
      this.current = undefined;
      job.reject(new SpeechProviderError(`The offline voice did not finish within ${Math.round(job.timeoutMs / 1000)} s.`));
      this.stop();
      this.pump();
    }, job.timeoutMs);
    this.current = { job, id, timer };
    this.start()
      .then(() => {
        if (this.current?.id !== id) return;
        hold(this.child!, true);
        this.child!.send({ id, ...job.message });
      })
      .catch((error: Error) => {
        if (this.current?.id !== id) return;
        clearTimeout(timer);
        this.current = undefined;
        job.reject(error);
        this.pump();
      });
  }
}

/** Whether the child (its handle, its IPC channel and its stderr pipe) keeps this process alive. */
function hold(child: ChildProcess, held: boolean): void {
  for (const handle of [child, child.channel, child.stderr instanceof Socket ? child.stderr : undefined]) {
    if (held) handle?.ref();
    else handle?.unref();
  }
}

/**
 * A few engine processes (at most two, one per core): a bulk of texts is read two at a time, the
 * second process starting only when two texts are asked for at once. A lone request always goes
 * to the first, so a single caller sees one process.
 */
class EspeakPool {
  private readonly processes: EspeakProcess[];

  constructor(size: number) {
    this.processes = Array.from({ length: Math.max(1, size) }, () => new EspeakProcess());
  }

  run(job: Parameters<EspeakProcess['run']>[0]): Promise<EngineAnswer> {
    const idle = this.processes.find((p) => p.load === 0);
    const least = idle ?? this.processes.reduce((a, b) => (b.load < a.load ? b : a));
    return least.run(job);
  }

  /** the first process's id (tests kill it to check the recovery) */
  get pid(): number | undefined {
    return this.processes[0]!.pid;
  }

  stop(): void {
    for (const p of this.processes) p.stop();
  }
}

export const espeakEngine = new EspeakPool(Math.min(2, availableParallelism()));

/** Raw engine output for a text in one of the offline voices (the fake server and the eval use it too). */
export async function espeakSpeak(voiceId: string, text: string, speed: number, timeoutMs: number, signal?: AbortSignal): Promise<Speech> {
  const voice = offlineVoice(voiceId);
  if (!voice) throw new SpeechProviderError(`There is no offline voice "${voiceId}".`);
  const rate = Math.round(NORMAL_RATE * Math.min(2, Math.max(0.5, speed)));
  const answer = await espeakEngine.run({ message: { voice: voice.espeakVoice, rate, text: readableText(text) }, timeoutMs, signal });
  const durationSeconds = answer.pcm.length / answer.sampleRate;
  return {
    audio: encodeWav(answer.sampleRate, answer.pcm),
    contentType: 'audio/wav',
    extension: 'wav',
    durationSeconds,
    words: wordTimes(text, answer.events, durationSeconds),
  };
}

/**
 * The engine's word events onto `speechTokens(text)`: a token's start is its first word event's,
 * its end the first pause after its last word event (or the next word's start, or the end).
 */
export function wordTimes(text: string, events: EngineEvent[], duration: number): Speech['words'] {
  const tokens = locateTokens(text);
  const words = events.filter((e) => e.type === 'word');
  const times: ({ start: number; end: number } | undefined)[] = tokens.map(() => undefined);
  for (const [w, word] of words.entries()) {
    const at = word.position - 1;
    let index = tokens.findIndex((t) => at >= t.start && at < t.end);
    if (index < 0) index = tokens.findIndex((t) => t.start > at); // between tokens: the next one
    if (index < 0) continue;
    const next = words[w + 1];
    const limit = next ? next.ms : Number.POSITIVE_INFINITY;
    // the first pause phoneme after a sounded one, before the next word
    let end = Math.min(limit, duration * 1000);
    let sounded = false;
    for (const e of events) {
      if (e.type === 'word' || e.ms < word.ms) continue;
      if (e.ms >= limit) break;
      if (e.type === 'phoneme' && e.phoneme) sounded = true;
      else if (sounded && (e.type === 'end' || (e.type === 'phoneme' && !e.phoneme))) {
        end = e.ms;
        break;
      }
    }
    const prior = times[index];
    times[index] = { start: Math.min(prior?.start ?? Infinity, word.ms / 1000), end: Math.max(prior?.end ?? 0, end / 1000) };
  }
  return settleTimes(tokens, times, duration);
}
