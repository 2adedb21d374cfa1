export * from './names.ts';
export * from './queue.ts';
