/** Decoded audio: mono samples in [-1, 1]. */
export interface Pcm {
  sampleRate: number;
  samples: Float32Array;
}

/** A 16-bit mono WAV file of the samples. */
export function encodeWav(sampleRate: number, pcm16: Int16Array): Buffer {
  const data = Buffer.from(pcm16.buffer, pcm16.byteOffset, pcm16.byteLength);
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

export function isWav(bytes: Buffer): boolean {
  return bytes.length >= 12 && bytes.toString('ascii', 0, 4) === 'RIFF' && bytes.toString('ascii', 8, 12) === 'WAVE';
}

/**
 * Reads a WAV file (PCM 8/16/24/32-bit or 32/64-bit float, any channel count, mixed down to mono);
 * undefined when it is not one this reader knows (the caller may then ask ffmpeg).
 */
export function decodeWav(bytes: Buffer): Pcm | undefined {
  if (!isWav(bytes)) return undefined;
  let offset = 12;
  let format: { tag: number; channels: number; rate: number; bits: number } | undefined;
  while (offset + 8 <= bytes.length) {
    const id = bytes.toString('ascii', offset, offset + 4);
    let size = bytes.readUInt32LE(offset + 4);
    const body = offset + 8;
    if (id === 'fmt ' && body + 16 <= bytes.length) {
      let tag = bytes.readUInt16LE(body);
      if (tag === 0xfffe && size >= 26) tag = bytes.readUInt16LE(body + 24); // WAVE_FORMAT_EXTENSIBLE: the sub-format
      format = { tag, channels: bytes.readUInt16LE(body + 2), rate: bytes.readUInt32LE(body + 4), bits: bytes.readUInt16LE(body + 14) };
    } else if (id === 'data' && format) {
      // streamed WAVs (ffmpeg to a pipe, some TTS servers) write 0 or 0xffffffff as the size
      if (size === 0 || size === 0xffffffff || body + size > bytes.length) size = bytes.length - body;
      return readSamples(bytes.subarray(body, body + size), format);
    }
    offset = body + size + (size % 2);
  }
  return undefined;
}

function readSamples(data: Buffer, f: { tag: number; channels: number; rate: number; bits: number }): Pcm | undefined {
  const width = f.bits / 8;
  if (f.channels < 1 || f.rate < 1000 || !Number.isInteger(width) || width < 1) return undefined;
  const read: ((at: number) => number) | undefined =
    f.tag === 1 && f.bits === 16 ? (at) => data.readInt16LE(at) / 32768
    : f.tag === 1 && f.bits === 8 ? (at) => (data.readUInt8(at) - 128) / 128
    : f.tag === 1 && f.bits === 24 ? (at) => data.readIntLE(at, 3) / 8388608
    : f.tag === 1 && f.bits === 32 ? (at) => data.readInt32LE(at) / 2147483648
    : f.tag === 3 && f.bits === 32 ? (at) => data.readFloatLE(at)
    : f.tag === 3 && f.bits === 64 ? (at) => data.readDoubleLE(at)
    : undefined;
  if (!read) return undefined;
  const frame = width * f.channels;
  const count = Math.floor(data.length / frame);
  const samples = new Float32Array(count);
  for (let i = 0; i < count; i++) {
    let sum = 0;
    for (let c = 0; c < f.channels; c++) sum += read(i * frame + c * width);
    samples[i] = sum / f.channels;
  }
  return { sampleRate: f.rate, samples };
}

export function toPcm16(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = Math.max(-32768, Math.min(32767, Math.round(samples[i]! * 32768)));
  return out;
}

/** Root mean square of the samples between two times (seconds). */
export function rms(pcm: Pcm, start: number, end: number): number {
  const a = Math.max(0, Math.floor(start * pcm.sampleRate));
  const b = Math.min(pcm.samples.length, Math.ceil(end * pcm.sampleRate));
  if (b <= a) return 0;
  let sum = 0;
  for (let i = a; i < b; i++) sum += pcm.samples[i]! * pcm.samples[i]!;
  return Math.sqrt(sum / (b - a));
}
