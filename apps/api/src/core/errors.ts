/** The one error type of the API. Converted at the edge (error-handler.ts) into DRF-shaped bodies. */
export const errorStatus = {
  validation: 400,
  bad_request: 400,
  no_team: 400,
  not_authenticated: 401,
  token_not_valid: 401,
  subscription_required: 402,
  permission_denied: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  throttled: 429,
  server_error: 500,
  /** a remote service the request needed (a speech endpoint) failed; the body says why */
  bad_gateway: 502,
  service_unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields?: FieldErrors;
  /** a body to send as is, for the few endpoints whose error shape the contract fixes differently */
  readonly body?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    options: { fields?: FieldErrors; body?: Record<string, unknown>; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.code = code;
    this.fields = options.fields;
    this.body = options.body;
    this.headers = options.headers;
  }

  get status(): number {
    return errorStatus[this.code];
  }
}

export const notFound = () => new AppError('not_found', 'Not found.');
export const permissionDenied = (message = 'You do not have permission to perform this action.') =>
  new AppError('permission_denied', message);
/** A 400 on named fields: `fieldError({email: 'Enter a valid email address.'})` */
export const fieldError = (fields: Record<string, string | string[]>) =>
  new AppError('validation', 'Invalid input.', {
    fields: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, Array.isArray(v) ? v : [v]])),
  });
export const badRequest = (detail: string) => new AppError('bad_request', detail);
export const conflict = (detail: string, extra: Record<string, unknown> = {}) =>
  new AppError('conflict', detail, { body: { detail, code: 'conflict', ...extra } });
