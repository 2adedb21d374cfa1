import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** RTK Query's network-level error kinds, in words a user can act on. */
export const CLIENT_ERROR_MESSAGES: Record<'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR', string> = {
  FETCH_ERROR: 'We could not reach the server. Check your connection and try again.',
  TIMEOUT_ERROR: 'The server took too long to answer. Please try again.',
  PARSING_ERROR: 'The server sent an answer we could not read. Please try again.',
};

export function isFetchBaseQueryError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/** The server's field errors ({field: [messages]}) or the detail, else a generic line. */
export function describeError(error: FetchBaseQueryError | SerializedError | undefined | unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (!error) return fallback;
  if (isFetchBaseQueryError(error)) {
    if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR' || error.status === 'PARSING_ERROR') return CLIENT_ERROR_MESSAGES[error.status];
    const data = error.data as Record<string, unknown> | undefined;
    if (data && typeof data === 'object') {
      if (typeof data.detail === 'string') return data.detail;
      for (const value of Object.values(data)) {
        if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
      }
    }
    return fallback;
  }
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  return fallback;
}

/** Field errors of a DRF 400 body, for react-hook-form's setError. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isFetchBaseQueryError(error) || error.status !== 400 || typeof error.data !== 'object' || !error.data) return {};
  const out: Record<string, string> = {};
  for (const [field, value] of Object.entries(error.data as Record<string, unknown>)) {
    if (Array.isArray(value) && typeof value[0] === 'string') out[field] = value[0];
  }
  return out;
}
