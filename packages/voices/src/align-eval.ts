import { alignText } from './align.ts';
import { espeakSpeak } from './espeak.ts';
import { locateTokens } from './tokens.ts';
import { decodeWav } from './wav.ts';

/** Sentences the aligner is measured on (`npm run eval:align`, and a few in align.test.ts). */
export const ALIGN_SENTENCES: { voiceId: string; text: string }[] = [
  { voiceId: 'espeak:en-US-female', text: 'Stop scrolling. This changes how you make ads, for good.' },
  { voiceId: 'espeak:en-US-male', text: 'Three reasons our customers switched: speed, price, and the support team.' },
  { voiceId: 'espeak:en-GB-female', text: 'Your morning coffee, delivered before you wake up.' },
  { voiceId: 'espeak:fr-FR-female', text: 'Arrêtez de défiler. Voici comment faire des vidéos qui vendent.' },
  { voiceId: 'espeak:fr-FR-male', text: 'Trois raisons de changer aujourd’hui : le prix, la vitesse et le service.' },
  { voiceId: 'espeak:es-ES-female', text: 'Deja de buscar. Esta es la forma más fácil de vender en línea.' },
  { voiceId: 'espeak:de-DE-male', text: 'Hör auf zu scrollen. So machst du Werbung, die wirklich funktioniert.' },
  { voiceId: 'espeak:pt-BR-female', text: 'Pare de rolar a tela. Veja como vender mais com vídeos curtos.' },
  { voiceId: 'espeak:it-IT-male', text: 'Smetti di cercare. Ecco il modo più semplice per vendere online.' },
  { voiceId: 'espeak:ar-female', text: 'توقف عن التمرير. هذه أسهل طريقة للبيع عبر الإنترنت.' },
  { voiceId: 'espeak:hi-IN-male', text: 'स्क्रॉल करना बंद करो। ऑनलाइन बेचने का यह सबसे आसान तरीका है।' },
  { voiceId: 'espeak:zh-CN-female', text: '别再滑了。这是在网上卖东西最简单的方法。' },
];

export interface AlignmentReport {
  words: number;
  /** per word, the mean of its start and end errors, in ms */
  meanMs: number;
  worstMs: number;
  perSentence: { voiceId: string; words: number; meanMs: number; worstMs: number }[];
}

/** Synthesizes each sentence offline, aligns the audio alone and compares with the engine's word times. */
export async function measureAlignment(sentences = ALIGN_SENTENCES, speed = 1): Promise<AlignmentReport> {
  const perSentence: AlignmentReport['perSentence'] = [];
  const all: number[] = [];
  for (const { voiceId, text } of sentences) {
    const speech = await espeakSpeak(voiceId, text, speed, 30_000);
    const tokens = locateTokens(text);
    const aligned = alignText(tokens, decodeWav(speech.audio)!);
    const errors = tokens.flatMap((t, i) => {
      if (!t.spoken) return [];
      const truth = speech.words[i]!;
      const guess = aligned[i]!;
      return [((Math.abs(truth.start - guess.start) + Math.abs(truth.end - guess.end)) / 2) * 1000];
    });
    all.push(...errors);
    perSentence.push({ voiceId, words: errors.length, meanMs: mean(errors), worstMs: Math.max(...errors) });
  }
  return { words: all.length, meanMs: mean(all), worstMs: Math.max(...all), perSentence };
}

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / Math.max(1, values.length);
