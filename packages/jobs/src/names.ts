import { z } from 'zod';

/** Every job the API may enqueue, with its payload schema. The API imports only this, never the handlers. */
export const jobPayloads = {
  'send-email': z.object({
    to: z.string(),
    subject: z.string(),
    text: z.string(),
    html: z.string().optional(),
    /** what the message is about, for logs and for marking e.g. an invitation as sent */
    reference: z.string().optional(),
  }),
  /** renders one render_jobs row (the worker's rendering module); a long one it splits into chunks, each its own job */
  'render-video': z.object({ render_job_id: z.uuid() }),
  /** renders one frame range of a long render (render_chunks); the chunk finished last queues the join */
  'render-chunk': z.object({ render_job_id: z.uuid(), index: z.number().int().min(0) }),
  /** joins a long render's parts into its video, once every chunk is done */
  'render-join': z.object({ render_job_id: z.uuid() }),
} as const;

export type JobName = keyof typeof jobPayloads;
export type JobPayload<N extends JobName> = z.infer<(typeof jobPayloads)[N]>;
