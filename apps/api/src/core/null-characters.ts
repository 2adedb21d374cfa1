import type { FastifyInstance } from 'fastify';
import { AppError, type FieldErrors } from './errors.ts';

/** DRF's wording for the same refusal */
export const NULL_CHARACTER_MESSAGE = 'Null characters are not allowed.';

/**
 * A UTF-16 surrogate without its pair (`"\ud800"` in JSON) is no character: PostgreSQL's jsonb
 * refuses it (the query fails) and its text columns would store U+FFFD instead. Refused like NUL.
 */
export const LONE_SURROGATE_MESSAGE = 'This text holds an incomplete character (a lone UTF-16 surrogate); please send valid Unicode text.';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

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
    const fields = nullCharacterFields(request.body);
    for (const [key, messages] of Object.entries(nullCharacterFields(request.query))) (fields[key] ??= []).push(...messages);
    if (Object.keys(fields).length > 0) throw new AppError('validation', Object.values(fields)[0]![0]!, { fields });
  });
}

/**
 * The fields of `value` (dotted paths, as the validation errors name them) whose string, or key,
 * holds a NUL or a lone surrogate. A walk with its own stack, not recursion: no body, however
 * deep, can overflow it.
 */
export function nullCharacterFields(value: unknown): FieldErrors {
  const fields: FieldErrors = {};
  const seen = new WeakSet<object>();
  const flag = (path: string, text: string) => {
    const message = text.includes('\u0000') ? NULL_CHARACTER_MESSAGE : LONE_SURROGATE.test(text) ? LONE_SURROGATE_MESSAGE : null;
    if (!message) return;
    const list = (fields[path || 'non_field_errors'] ??= []);
    if (!list.includes(message)) list.push(message);
  };
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [item, path] = stack.pop()!;
    if (typeof item === 'string') {
      flag(path, item);
      continue;
    }
    if (!item || typeof item !== 'object' || seen.has(item)) continue;
    seen.add(item);
    // multipart parts hold streams and buffers (file contents, checked by their own readers) and link to each other
    if (Buffer.isBuffer(item) || typeof (item as { pipe?: unknown }).pipe === 'function') continue;
    const entries = Array.isArray(item) ? item.map((v, i) => [String(i), v] as const) : Object.entries(item);
    // pushed last to first, so the fields come out in the body's order
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      flag(path, key);
      stack.push([child, path ? `${path}.${key}` : key]);
    }
  }
  return fields;
}
