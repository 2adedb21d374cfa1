export * from './types.ts';
import { SpeechProviderError, type Speech, type SpeechWordTime, type SynthesizeRequest, type VoiceInfo, type VoiceSettings } from './types.ts';

export function listVoices(settings: VoiceSettings): VoiceInfo[] {
  void settings;
  return [];
}

export function findVoice(settings: VoiceSettings, id: string): VoiceInfo | undefined {
  return listVoices(settings).find((v) => v.id === id);
}

export async function synthesize(settings: VoiceSettings, req: SynthesizeRequest): Promise<Speech> {
  void settings;
  void req;
  throw new SpeechProviderError('Speech is not available yet.');
}

export async function transcribeWords(settings: VoiceSettings, audio: { data: Buffer; filename: string }): Promise<SpeechWordTime[]> {
  void settings;
  void audio;
  throw new SpeechProviderError('No transcription service is configured.');
}

export function sampleText(language: string): string {
  void language;
  return 'Hello, this is how I sound.';
}
