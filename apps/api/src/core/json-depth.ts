import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

/**
 * How deep a request's JSON may nest (arrays and objects, the body itself counting as one). No
 * request of the contract goes past 6; 64 leaves room for any client and keeps every walk of a body
 * (the NUL check, zod, the response) far from the stack's limit.
 */
export const MAX_JSON_DEPTH = 64;
export const JSON_TOO_DEEP_MESSAGE = 'JSON nested too deeply.';

export const jsonTooDeep = () => new AppError('bad_request', JSON_TOO_DEEP_MESSAGE);

/**
 * True when `text`, read as JSON, nests deeper than `limit`. One pass over the characters with a
 * counter, no recursion and no parse: brackets inside strings are skipped (a string ends at an
 * unescaped quote). Malformed text is left to the parser to refuse.
 */
export function jsonTooDeepIn(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}

/** JSON.parse that refuses a text nested deeper than the limit with the 400 of the API. */
export function parseJsonWithinDepth(text: string): unknown {
  if (jsonTooDeepIn(text)) throw jsonTooDeep();
  return JSON.parse(text);
}

/**
 * Every JSON body is checked for depth on its raw text before it is parsed, so nothing after
 * (prototype-poisoning scan, NUL check, validation, handlers) ever walks a body deep enough to
 * overflow the stack: `[` × 20,000 is a 400 on every route, signed in or not. Parsing itself is
 * Fastify's own parser (same prototype-poisoning rules, same errors for empty or broken bodies).
 */
export function registerJsonDepthLimit(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (jsonTooDeepIn(text)) {
      done(jsonTooDeep(), undefined);
      return;
    }
    parse(request, text, done);
  });
}
