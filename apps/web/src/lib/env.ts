import { z } from 'zod';

/**
 * The web app's build-time configuration, parsed once (like packages/config on the server);
 * nothing else reads import.meta.env. Every key is optional: a missing one turns its feature off.
 * An empty value counts as missing, and a malformed URL fails the app's start with its name.
 */
const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const optionalUrl = optional.pipe(z.url().optional());

export const webEnvSchema = z.object({
  VITE_POSTHOG_KEY: optional,
  VITE_POSTHOG_HOST: optionalUrl.transform((v) => v ?? 'https://us.i.posthog.com'),
  VITE_MARKETING_PIXEL_ID: optional,
  VITE_SUPPORT_CHAT_URL: optionalUrl,
});

export type WebEnv = z.infer<typeof webEnvSchema>;

export function parseWebEnv(raw: Record<string, unknown>): WebEnv {
  const result = webEnvSchema.safeParse(raw);
  if (!result.success) {
    throw new Error(`Invalid web app configuration: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return result.data;
}

export const webEnv: WebEnv = parseWebEnv(import.meta.env);
