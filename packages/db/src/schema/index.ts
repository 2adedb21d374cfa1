export * from './users.ts';
export * from './auth.ts';
export * from './teams.ts';
export * from './jobs.ts';
export * from './rate-limits.ts';
