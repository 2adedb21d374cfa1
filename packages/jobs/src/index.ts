export * from './names.ts';
export * from './queue.ts';
export * from './stats.ts';
