import { jobPayloads } from '@hookwall/jobs';
import type { Mailer } from './mail/mailer.ts';
import type { JobHandler } from './worker.ts';

export interface HandlerDeps {
  mailer: Mailer;
}

export function createHandlers(deps: HandlerDeps): Record<string, JobHandler> {
  return {
    'send-email': async (payload) => {
      const message = jobPayloads['send-email'].parse(payload);
      await deps.mailer.send(message);
    },
  };
}
