// `npm run eval:align`: how far the text-to-audio aligner (used for remote voices without a
// transcription endpoint) lands from eSpeak NG's own word boundaries, on the same sentences in
// several languages, synthesized offline. The bar is a mean under 80 ms per word (docs/voices.md).
import { espeakEngine } from '../packages/voices/src/espeak.ts';
import { measureAlignment } from '../packages/voices/src/align-eval.ts';

for (const speed of [1, 1.5]) {
  const report = await measureAlignment(undefined, speed);
  console.log(`speed ${speed}`);
  for (const s of report.perSentence) console.log(`  ${s.voiceId.padEnd(24)} ${String(s.words).padStart(3)} words  mean ${s.meanMs.toFixed(0).padStart(4)} ms  worst ${s.worstMs.toFixed(0).padStart(4)} ms`);
  console.log(`  all: ${report.words} words, mean ${report.meanMs.toFixed(1)} ms, worst ${report.worstMs.toFixed(0)} ms${report.meanMs < 80 ? '' : '  (over the 80 ms bar)'}`);
}
espeakEngine.stop();
