import { describe, expect, it } from 'vitest';
import { endOf, nextState, type RunEvent, type RunState } from './run-state.ts';

describe('the states of a render run', () => {
  const after = (events: RunEvent[]): RunState => events.reduce(nextState, 'rendering' as RunState);
  const beat = (status: string): RunEvent => ({ type: 'heartbeat', status });
  const stop: RunEvent = { type: 'stop' };

  it('moves on what the heartbeat reads in the row and on the worker stopping', () => {
    expect(after([beat('rendering'), beat('rendering')])).toBe('rendering');
    expect(after([beat('cancelled')])).toBe('cancelled');
    expect(after([beat('queued')])).toBe('superseded');
    expect(after([beat('completed')])).toBe('superseded');
    expect(after([beat('gone')])).toBe('superseded');
    expect(after([stop])).toBe('handing-back');
  });

  it('only ever moves to a stronger state: superseded over cancelled over handing back', () => {
    expect(after([beat('cancelled'), beat('rendering')])).toBe('cancelled');
    expect(after([stop, beat('rendering')])).toBe('handing-back');
    expect(after([stop, beat('cancelled')])).toBe('cancelled');
    expect(after([beat('cancelled'), stop])).toBe('cancelled');
    expect(after([beat('cancelled'), beat('queued')])).toBe('superseded');
    expect(after([beat('queued'), stop, beat('cancelled')])).toBe('superseded');
  });

  it('ends as its state and its failure say', () => {
    const failure = { attempts: 1, maxAttempts: 3 };
    expect(endOf('superseded', { ...failure, unrenderable: 'gone' })).toEqual({ kind: 'leave' });
    expect(endOf('handing-back', failure)).toEqual({ kind: 'hand-back' });
    expect(endOf('cancelled', { ...failure, unrenderable: 'gone' })).toEqual({ kind: 'cancelled' });
    expect(endOf('rendering', { ...failure, unrenderable: 'The background video of this video was deleted.' })).toEqual({ kind: 'fail', reason: 'The background video of this video was deleted.' });
    expect(endOf('rendering', failure)).toEqual({ kind: 'retry' });
    expect(endOf('rendering', { attempts: 3, maxAttempts: 3 })).toEqual({ kind: 'fail' });
  });
});
