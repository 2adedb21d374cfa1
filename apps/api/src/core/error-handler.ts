import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, type FieldErrors } from './errors.ts';

/** Turns zod issues into DRF's `{field: [messages]}`; nested paths are joined with dots. */
export function issuesToFields(issues: { instancePath?: string; path?: PropertyKey[]; message?: string }[]): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path ? issue.path.map(String).join('.') : (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    const key = path === '' ? 'non_field_errors' : path;
    (fields[key] ??= []).push(issue.message ?? "Invalid value.");
  }
  return fields;
}

/** The JSON 404; buildApp sets it unless the web app's index.html fallback takes that place (one handler per prefix). */
export function registerJsonNotFound(app: FastifyInstance) {
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ detail: 'Not found.' });
  });
}

const MULTIPART_PARSER = /[\\/](?:@fastify[\\/]busboy|busboy|dicer)[\\/]/;

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      if (error.body) return reply.code(error.status).send(error.body);
      if (error.code === 'validation') return reply.code(400).send(error.fields ?? { non_field_errors: [error.message] });
      if (error.code === 'not_found' || error.code === 'bad_request') return reply.code(error.status).send({ detail: error.message });
      return reply.code(error.status).send({ detail: error.message, code: error.code });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      // a malformed id in the path names nothing that exists
      if (error.validationContext === 'params') return reply.code(404).send({ detail: 'Not found.' });
      return reply.code(400).send(issuesToFields(error.validation));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response did not match its schema');
      return reply.code(500).send({ detail: 'A server error occurred.' });
    }
    const status = error.statusCode ?? 500;
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.code(415).send({ detail: `Unsupported media type "${request.headers['content-type'] ?? ''}" in request.`, code: 'unsupported_media_type' });
    }
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || status === 413) {
      return reply.code(413).send({ detail: 'Request body is too large.', code: 'payload_too_large' });
    }
    if (error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.code(400).send({ detail: 'JSON parse error - Expecting value: line 1 column 1 (char 0)' });
    }
    if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) {
      return reply.code(400).send({ detail: 'JSON parse error - the request body is not valid JSON.' });
    }
    // a multipart body the parser cannot read (no boundary, cut short, a broken part header): the
    // parser throws plain errors, told apart by where they come from
    if (status === 500 && MULTIPART_PARSER.test(error.stack ?? '')) {
      return reply.code(400).send({ detail: `Multipart form parse error - ${error.message.replace(/^Multipart: /, '')}` });
    }
    if (status === 429) {
      return reply.code(429).send({ detail: 'Request was throttled.', code: 'throttled' });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'A server error occurred.' });
  });
}
