// The eSpeak NG engine (WebAssembly, GPL-3.0) in its own process: the API or the worker talks to it
// over IPC (`espeak.ts`), so a crash or a hang of the engine cannot take them down, and the
// GPL-licensed engine stays a separate program the product calls. One request at a time:
//   → { id, voice, rate, text }   ← { id, ok: true, sampleRate, pcm: Int16Array, events } | { id, ok: false, message }
import init from '@echogarden/espeak-ng-emscripten';

const engine = await init();
const worker = new engine.eSpeakNGWorker();

process.on('message', (message) => {
  if (message?.type === 'crash-for-test') process.exit(70);
  const { id, voice, rate, text } = message;
  try {
    if (worker.set_voice(voice) !== 0) throw new Error(`eSpeak NG has no voice "${voice}"`);
    worker.set_rate(rate);
    const chunks = [];
    const events = [];
    worker.synthesize(text, (samples, list) => {
      if (samples && samples.length > 0) chunks.push(samples);
      for (const event of list) {
        if (event.type === 'word' || event.type === 'phoneme' || event.type === 'end') {
          events.push({ type: event.type, position: event.text_position, length: event.word_length, ms: event.audio_position, phoneme: event.type === 'phoneme' ? event.id : undefined });
        }
      }
      return 0;
    });
    const total = chunks.reduce((n, c) => n + c.length, 0);
    const pcm = new Int16Array(total);
    let offset = 0;
    for (const chunk of chunks) {
      pcm.set(chunk, offset);
      offset += chunk.length;
    }
    process.send({ id, ok: true, sampleRate: worker.samplerate, pcm, events });
  } catch (error) {
    process.send({ id, ok: false, message: error instanceof Error ? error.message : String(error) });
  }
});

process.on('disconnect', () => process.exit(0));
process.send({ ready: true });
