import { jobPayloads } from '@hookwall/jobs';
import type { Mailer } from './mail/mailer.ts';
import type { createRenderHandler } from './rendering/render-handler.ts';
import type { JobHandler } from './worker.ts';

export interface HandlerDeps {
  mailer: Mailer;
  /** renders videos; a process without it (or without a browser) leaves render jobs to other workers */
  render?: ReturnType<typeof createRenderHandler>;
}

export function createHandlers(deps: HandlerDeps): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {
    'send-email': async (payload) => {
      const message = jobPayloads['send-email'].parse(payload);
      await deps.mailer.send(message);
    },
  };
  if (deps.render) {
    handlers['render-video'] = deps.render.handle;
    handlers['render-chunk'] = deps.render.handleChunk;
    handlers['render-join'] = deps.render.handleJoin;
  }
  return handlers;
}

/** The worker's shared limits: render jobs (a whole render, a chunk of a long one, its join) take a render slot each. */
export function handlerGroups(deps: HandlerDeps): { names: string[]; limit: number }[] {
  return deps.render ? [{ names: ['render-video', 'render-chunk', 'render-join'], limit: deps.render.parallel }] : [];
}
