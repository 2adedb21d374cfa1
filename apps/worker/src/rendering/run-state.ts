/**
 * The states of one run holding a render (render-run.ts), and what the run does when it ends.
 *
 *   rendering ──(heartbeat: row cancelled)──────────> cancelled
 *   rendering ──(heartbeat: row neither rendering nor cancelled: another run of the same job
 *                 took it over, or it ended)───────> superseded
 *   rendering ──(the worker is stopping)───────────> handing-back
 *
 * A later event only moves a run to a stronger state (superseded > cancelled > handing-back >
 * rendering): a render another run holds is never touched by this one, and a cancel the row
 * shows wins over a stop of the worker (the render is not queued again).
 */
export type RunState = 'rendering' | 'handing-back' | 'cancelled' | 'superseded';

export type RunEvent = { type: 'heartbeat'; status: string } | { type: 'stop' };

const STRENGTH: Record<RunState, number> = { rendering: 0, 'handing-back': 1, cancelled: 2, superseded: 3 };

function stateOf(event: RunEvent): RunState {
  if (event.type === 'stop') return 'handing-back';
  if (event.status === 'rendering') return 'rendering';
  return event.status === 'cancelled' ? 'cancelled' : 'superseded';
}

export function nextState(state: RunState, event: RunEvent): RunState {
  const next = stateOf(event);
  return STRENGTH[next] > STRENGTH[state] ? next : state;
}

/**
 * What a run that did not complete does, from its state and why it stopped:
 * - 'leave': another run holds the render; nothing of it is touched
 * - 'hand-back': the worker is stopping; a render in one piece goes back to the queue
 * - 'cancelled': the user cancelled it; its parts go
 * - 'fail': it cannot succeed (`reason` given: a clip gone, a request no composition reads) or
 *   this was its last attempt; the render fails with the reason
 * - 'retry': the job is tried again after a backoff (done parts stay)
 */
export type RunEnd = { kind: 'leave' } | { kind: 'hand-back' } | { kind: 'cancelled' } | { kind: 'fail'; reason?: string } | { kind: 'retry' };

export function endOf(state: RunState, failure: { unrenderable?: string; attempts: number; maxAttempts: number }): RunEnd {
  if (state === 'superseded') return { kind: 'leave' };
  if (state === 'handing-back') return { kind: 'hand-back' };
  // only a cancel the row shows is one: a renderer that stopped on its own failed, and is reported so
  if (state === 'cancelled') return { kind: 'cancelled' };
  if (failure.unrenderable !== undefined) return { kind: 'fail', reason: failure.unrenderable };
  return failure.attempts < failure.maxAttempts ? { kind: 'retry' } : { kind: 'fail' };
}
