export * from './ffmpeg.ts';
export * from './probe.ts';
export * from './backgrounds.ts';
export * from './sound.ts';
export * from './audio.ts';
