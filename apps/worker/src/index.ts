export * from './worker.ts';
export * from './handlers.ts';
export * from './mail/mailer.ts';
export * from './rendering/index.ts';
export * from './prune.ts';
export * from './maintenance.ts';
