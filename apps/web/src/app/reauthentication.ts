import type { Dispatch } from '@reduxjs/toolkit';
import { reauthenticationEnded, reauthenticationRequested } from './session-slice';

/**
 * Changing the password or the email address needs a recent sign-in: the API answers 403
 * `reauthentication_required` otherwise. The base query then waits here while the
 * re-authentication dialog asks for the password (and the second factor), and sends the request
 * again once the user has signed in, so the form they filled in loses nothing. However many
 * requests ask at once, the dialog opens once and they all wait for it.
 */
export const REAUTHENTICATION_CODE = 'reauthentication_required';

/** The server's message when the error asks for a new sign-in, else null. */
export function reauthenticationDetail(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 403) return null;
  const data = (error as { data?: unknown }).data;
  if (typeof data !== 'object' || data === null || (data as { code?: unknown }).code !== REAUTHENTICATION_CODE) return null;
  const detail = (data as { detail?: unknown }).detail;
  return typeof detail === 'string' ? detail : 'Please sign in again to continue.';
}

let waiting: { promise: Promise<boolean>; resolve: (isSignedIn: boolean) => void } | null = null;

/** Opens the dialog (unless it is open) and resolves true once the user signed in again, false when they gave up. */
export function awaitReauthentication(dispatch: Dispatch, detail: string): Promise<boolean> {
  if (!waiting) {
    let resolve: (isSignedIn: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((r) => (resolve = r));
    waiting = { promise, resolve };
    dispatch(reauthenticationRequested({ detail }));
  }
  return waiting.promise;
}

/** The dialog's answer: signed in again (the new tokens are stored), or cancelled. */
export function endReauthentication(dispatch: Dispatch, isSignedIn: boolean) {
  const current = waiting;
  if (!current) return;
  waiting = null;
  if (!isSignedIn) dispatch(reauthenticationEnded());
  current.resolve(isSignedIn);
}
