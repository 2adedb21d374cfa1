export * from './channel.ts';
export * from './enqueue-many.ts';
export * from './names.ts';
export * from './queue.ts';
export * from './stats.ts';
