/**
 * The error bodies every operation may answer, declared once in the OpenAPI document as shared
 * responses (components.responses) and referenced from every operation that does not declare that
 * status itself: clients and tests can then check any answer against the document.
 */
const detail = {
  type: 'object',
  required: ['detail'],
  properties: { detail: { type: 'string' }, code: { type: 'string' }, status: { type: 'string' } },
};
// a team's quota (modules/quotas): the detail, then the numbers it speaks of
const quota = {
  type: 'object',
  required: ['detail'],
  properties: {
    ...detail.properties,
    limit: { type: 'number', description: "the team's limit (a quota's answer only)" },
    used: { type: 'number', description: 'what the team uses of it now' },
    requested: { type: 'number', description: 'what the call asked for' },
  },
};
// DRF's validation body: {field: [messages]}, or {detail} for errors not tied to a field
const validation = {
  type: 'object',
  additionalProperties: { anyOf: [{ type: 'array', items: { type: 'string' } }, { type: 'string' }] },
};
const json = (description: string, schema: object) => ({ description, content: { 'application/json': { schema } } });

export const SHARED_ERROR_RESPONSES: Record<string, { name: string; response: object }> = {
  '400': { name: 'BadRequest', response: json('The request is invalid: field errors, or a detail.', validation) },
  '401': { name: 'Unauthorized', response: json('No valid access token.', detail) },
  '402': { name: 'SubscriptionRequired', response: json('Making videos needs an active subscription.', detail) },
  '403': { name: 'Forbidden', response: json('The caller may not do this.', detail) },
  '404': { name: 'NotFound', response: json('Nothing of that id for this caller (other teams included).', detail) },
  '409': { name: 'Conflict', response: json('The change conflicts with the current state.', detail) },
  '413': {
    name: 'PayloadTooLarge',
    response: json("The body is too large, or the file would take the team past its storage quota (code storage_quota_exceeded, with limit, used and requested in bytes; a render is refused so once the team's storage is full).", quota),
  },
  '415': { name: 'UnsupportedMediaType', response: json('Only JSON, and multipart where stated.', detail) },
  '429': {
    name: 'Throttled',
    response: json(
      "Too many attempts, or the renders would take the team past a quota (code too_many_open_renders or too_many_queued_video_seconds, with limit, used and requested); Retry-After says when to try again.",
      quota,
    ),
  },
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function addSharedErrorResponses<T extends object>(document: T): T {
  const doc = document as { paths?: Record<string, Record<string, { responses?: Record<string, unknown> }>>; components?: Record<string, unknown> };
  const components = (doc.components ??= {});
  const responses = ((components.responses as Record<string, unknown>) ??= {});
  for (const { name, response } of Object.values(SHARED_ERROR_RESPONSES)) responses[name] = response;
  for (const operations of Object.values(doc.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!METHODS.includes(method)) continue;
      const own = (operation.responses ??= {});
      // a delete answers 204 with no body; say so where the route did not
      if (method === 'delete' && !Object.keys(own).some((s) => s.startsWith('2'))) {
        delete own.default;
        own['204'] = { description: 'Deleted.' };
      }
      for (const [status, { name }] of Object.entries(SHARED_ERROR_RESPONSES)) {
        own[status] ??= { $ref: `#/components/responses/${name}` };
      }
    }
  }
  return document;
}
