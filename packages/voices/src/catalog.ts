import type { VoiceInfo } from './types.ts';

/** The offline voices: eSpeak NG's languages, each with a female and a male variant. */
interface OfflineLanguage {
  /** BCP 47 */
  language: string;
  /** eSpeak NG's voice name */
  espeak: string;
  label: string;
}

const LANGUAGES: OfflineLanguage[] = [
  { language: 'en-US', espeak: 'en-us', label: 'English (US)' },
  { language: 'en-GB', espeak: 'en', label: 'English (UK)' },
  { language: 'es-ES', espeak: 'es', label: 'Spanish (Spain)' },
  { language: 'es-419', espeak: 'es-419', label: 'Spanish (Latin America)' },
  { language: 'fr-FR', espeak: 'fr', label: 'French' },
  { language: 'de-DE', espeak: 'de', label: 'German' },
  { language: 'pt-BR', espeak: 'pt-br', label: 'Portuguese (Brazil)' },
  { language: 'pt-PT', espeak: 'pt', label: 'Portuguese (Portugal)' },
  { language: 'it-IT', espeak: 'it', label: 'Italian' },
  { language: 'ar', espeak: 'ar', label: 'Arabic' },
  { language: 'hi-IN', espeak: 'hi', label: 'Hindi' },
  { language: 'zh-CN', espeak: 'cmn', label: 'Chinese (Mandarin)' },
  { language: 'ja-JP', espeak: 'ja', label: 'Japanese' },
  { language: 'nl-NL', espeak: 'nl', label: 'Dutch' },
  { language: 'pl-PL', espeak: 'pl', label: 'Polish' },
  { language: 'tr-TR', espeak: 'tr', label: 'Turkish' },
  { language: 'ru-RU', espeak: 'ru', label: 'Russian' },
];

/** eSpeak NG variants: `+f3` a female voice, the language's own voice the male one. */
const VARIANTS = [
  { gender: 'female', suffix: '+f3', name: 'female' },
  { gender: 'male', suffix: '', name: 'male' },
] as const;

export interface OfflineVoice extends VoiceInfo {
  /** what eSpeak NG's set_voice takes */
  espeakVoice: string;
}

export const OFFLINE_VOICES: OfflineVoice[] = LANGUAGES.flatMap((l) =>
  VARIANTS.map((v) => ({
    id: `espeak:${l.language}-${v.name}`,
    name: `${l.label} (${v.name})`,
    language: l.language,
    provider: 'offline' as const,
    gender: v.gender,
    espeakVoice: l.espeak + v.suffix,
  })),
);

export function offlineVoice(id: string): OfflineVoice | undefined {
  return OFFLINE_VOICES.find((v) => v.id === id);
}

const SAMPLES: Record<string, string> = {
  en: 'Hello! This is how I sound when I read your video.',
  es: '¡Hola! Así sueno cuando leo tu vídeo.',
  fr: 'Bonjour ! Voici ma voix quand je lis votre vidéo.',
  de: 'Hallo! So klinge ich, wenn ich dein Video vorlese.',
  pt: 'Olá! É assim que eu soo quando leio o seu vídeo.',
  it: 'Ciao! Ecco come suono quando leggo il tuo video.',
  ar: 'مرحبا! هكذا يبدو صوتي عندما أقرأ الفيديو الخاص بك.',
  hi: 'नमस्ते! जब मैं आपका वीडियो पढ़ता हूँ तो मेरी आवाज़ ऐसी होती है।',
  zh: '你好！这就是我朗读你的视频时的声音。',
  ja: 'こんにちは。わたしのこえは、このようにきこえます。',
  nl: 'Hallo! Zo klink ik als ik je video voorlees.',
  pl: 'Cześć! Tak brzmię, kiedy czytam twój film.',
  tr: 'Merhaba! Videonu okurken sesim böyle çıkıyor.',
  ru: 'Привет! Так звучит мой голос, когда я читаю ваше видео.',
};

/** A short sentence in the language (BCP 47; English for one it does not know), for a voice's sample. */
export function sampleText(language: string): string {
  const primary = language.toLowerCase().split('-')[0]!;
  return SAMPLES[primary === 'cmn' ? 'zh' : primary] ?? SAMPLES.en!;
}
