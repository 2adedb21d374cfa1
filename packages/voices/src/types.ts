/** A voice the product can speak with: offline (eSpeak NG, in a child process) or a remote endpoint's. */
export interface VoiceInfo {
  /** 'espeak:<name>' offline, 'remote:<name>' for an OpenAI-compatible endpoint's voice */
  id: string;
  /** what a user reads, e.g. "French (female)" */
  name: string;
  /** BCP 47, e.g. 'fr-FR' */
  language: string;
  provider: 'offline' | 'remote';
  gender?: 'female' | 'male';
}

/** A spoken word's time in the audio, in seconds. */
export interface SpeechWordTime {
  text: string;
  start: number;
  end: number;
}

/** What a transcription endpoint heard in an audio file. */
export interface Transcription {
  /** the whole text, as the service wrote it ('' when it gave none) */
  text: string;
  /** the language the service named (OpenAI's names, e.g. 'english', or a code), null when it named none */
  language: string | null;
  /** each word and when it is said, in seconds from the audio's start, as the service gave them */
  words: SpeechWordTime[];
}

export interface Speech {
  audio: Buffer;
  /** 'audio/wav' */
  contentType: string;
  /** 'wav' */
  extension: string;
  durationSeconds: number;
  /** one per `speechTokens(text)`, in order; a token nothing is said for has start === end */
  words: SpeechWordTime[];
}

export interface VoiceSettings {
  ttsBaseUrl?: string;
  ttsApiKey?: string;
  ttsModel?: string;
  /** the remote endpoint's voice names, listed as 'remote:<name>' */
  ttsVoices: string[];
  sttBaseUrl?: string;
  sttApiKey?: string;
  sttModel?: string;
  /** per request to a remote endpoint, and per offline synthesis */
  timeoutMs: number;
}

export interface SynthesizeRequest {
  voiceId: string;
  text: string;
  /** 0.5–2, 1 is the voice's normal pace */
  speed: number;
  signal?: AbortSignal;
}

/** A speech engine or endpoint failed; the message is a sentence a user can read. */
export class SpeechProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SpeechProviderError';
  }
}
