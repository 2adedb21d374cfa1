import { inject } from 'vitest';
import type { SharedServer } from './server';

/**
 * The run's one server, started by the e2e project's global set-up (global-setup.ts) and shared by
 * the files that need no configuration of their own. Each file registers its own users (their
 * emails unique across the files) and works in teams of its own: no test may depend on what else
 * the server holds (other users, teams, videos, mails in the outbox).
 */
export function sharedServer(): SharedServer {
  return inject('e2eServer');
}
