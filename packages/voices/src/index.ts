// @hookwall/voices: the voices a video can speak with (docs/voices.md). Offline, eSpeak NG in a
// child process with its own word times; remote, any OpenAI-compatible /audio/speech endpoint, its
// word times from an /audio/transcriptions endpoint or from the aligner.
export * from './types.ts';
export { sampleText } from './catalog.ts';
import { OFFLINE_VOICES, offlineVoice } from './catalog.ts';
import { espeakSpeak } from './espeak.ts';
import { remoteSpeak, transcribe, transcribeAudio } from './remote.ts';
import { SpeechProviderError, type Speech, type SpeechWordTime, type SynthesizeRequest, type Transcription, type VoiceInfo, type VoiceSettings } from './types.ts';

/**
 * A remote voice as configured (`TTS_VOICES`): its name, optionally `=<BCP 47 language>` after it
 * ("ff_siwis=fr-FR"); without one it is listed as speaking many languages ('mul').
 */
function remoteVoices(settings: VoiceSettings): (VoiceInfo & { remoteName: string })[] {
  if (!settings.ttsBaseUrl) return [];
  return settings.ttsVoices
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const [name, language] = entry.split('=').map((s) => s.trim()) as [string, string | undefined];
      return { id: `remote:${name}`, name: `${name} (remote)`, language: language || 'mul', provider: 'remote' as const, remoteName: name };
    });
}

/** The offline voices (always there), then the remote endpoint's when one is configured. */
export function listVoices(settings: VoiceSettings): VoiceInfo[] {
  const offline = OFFLINE_VOICES.map(({ id, name, language, provider, gender }) => ({ id, name, language, provider, gender }));
  return [...offline, ...remoteVoices(settings).map(({ id, name, language, provider }) => ({ id, name, language, provider }))];
}

export function findVoice(settings: VoiceSettings, id: string): VoiceInfo | undefined {
  return listVoices(settings).find((v) => v.id === id);
}

/**
 * Speech for a text in a voice, with one time per `speechTokens(text)`. Failures of the engine or
 * the endpoint are `SpeechProviderError`s whose message a user can read.
 */
export async function synthesize(settings: VoiceSettings, req: SynthesizeRequest): Promise<Speech> {
  if (!(req.speed >= 0.5 && req.speed <= 2)) throw new RangeError('speed must be between 0.5 and 2');
  if (offlineVoice(req.voiceId)) return espeakSpeak(req.voiceId, req.text, req.speed, settings.timeoutMs, req.signal);
  const remote = remoteVoices(settings).find((v) => v.id === req.voiceId);
  if (remote) return remoteSpeak(settings, remote.remoteName, req.text, req.speed, req.signal);
  throw new SpeechProviderError(`There is no voice "${req.voiceId}".`);
}

/** Word times of what is said in an audio file, from the transcription endpoint. */
export async function transcribeWords(settings: VoiceSettings, audio: { data: Buffer; filename: string }): Promise<SpeechWordTime[]> {
  return transcribe(settings, audio);
}

/**
 * What is said in an audio file (the sound of an uploaded clip): its text, language and timed words
 * from the transcription endpoint, as it gave them. Failures (not configured, a timeout, a refusal,
 * an answer that is not a transcription) are SpeechProviderErrors a user can read.
 */
export async function transcribeSpeech(settings: VoiceSettings, audio: { data: Buffer; filename: string }, signal?: AbortSignal): Promise<Transcription> {
  return transcribeAudio(settings, audio, signal);
}
