import type { FastifyInstance } from 'fastify';
import { AppError, type FieldErrors } from './errors.ts';

/** DRF's wording for the same refusal */
export const NULL_CHARACTER_MESSAGE = 'Null characters are not allowed.';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a request would reach the database and
 * fail there. One check for every route, before validation: a string field holding NUL (at any
 * depth of the body, or in the query) is a 400 naming that field, and nothing is changed. A
 * per-schema rule would be forgotten on the next route; this cannot be. Path parameters with a NUL
 * name nothing that exists, so they are a 404.
 */
export function registerNullCharacterCheck(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    const params = request.params as Record<string, unknown> | undefined;
    if (params && Object.values(params).some((v) => typeof v === 'string' && v.includes('\u0000'))) {
      throw new AppError('not_found', 'Not found.');
    }
    const fields: FieldErrors = {};
    const seen = new WeakSet<object>();
    collect(request.body, '', fields, seen);
    collect(request.query, '', fields, seen);
    if (Object.keys(fields).length > 0) throw new AppError('validation', NULL_CHARACTER_MESSAGE, { fields });
  });
}

function collect(value: unknown, path: string, fields: FieldErrors, seen: WeakSet<object>): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) (fields[path || 'non_field_errors'] ??= []).push(NULL_CHARACTER_MESSAGE);
    return;
  }
  if (!value || typeof value !== 'object' || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    value.forEach((item, i) => collect(item, path ? `${path}.${i}` : String(i), fields, seen));
    return;
  }
  // multipart parts hold streams and buffers (file contents, checked by their own readers) and link to each other
  if (Buffer.isBuffer(value) || typeof (value as { pipe?: unknown }).pipe === 'function') return;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000')) (fields[path || 'non_field_errors'] ??= []).push(NULL_CHARACTER_MESSAGE);
    collect(item, path ? `${path}.${key}` : key, fields, seen);
  }
}
