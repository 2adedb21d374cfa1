import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseApi } from '@/api/base-api';
import type { Team } from '@/api/generated/hookwall-api';
import { currentTeamSet } from '@/app/ui-slice';
import { createStore } from './store';

const team = (id: number, slug: string) => ({ id, slug, name: slug, members: [], invitations: [], has_active_subscription: false, subscription: null, is_admin: true, role: 'admin', created_at: '2026-01-01T00:00:00Z' }) as unknown as Team;

describe('switching teams', () => {
  afterEach(() => vi.restoreAllMocks());

  it('invalidates team data when the current team changes, not when the same team is refreshed', () => {
    const invalidate = vi.spyOn(baseApi.util, 'invalidateTags');
    const store = createStore();
    store.dispatch(currentTeamSet(team(1, 'acme')));
    store.dispatch(currentTeamSet({ ...team(1, 'acme'), name: 'Acme renamed' } as Team));
    expect(invalidate).not.toHaveBeenCalled();
    store.dispatch(currentTeamSet(team(2, 'globex')));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate.mock.calls[0]![0]).toEqual(expect.arrayContaining(['api', 'Brand Videos', 'subscriptions']));
    expect(invalidate.mock.calls[0]![0]).not.toContain('teams');
  });
});
