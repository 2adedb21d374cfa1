import { describe, expect, it } from 'vitest';
import { validateAuthSearch } from '@/features/auth/auth-search';
import { tabFromPath } from '@/features/settings/settings-layout';
import { Route as InviteRoute } from './invite';
import { Route as InviteIndexRoute } from './invite/index';

type Validate = (search: Record<string, unknown>) => unknown;

describe('search params of the route table', () => {
  it('/login and /signup keep each param only if present', () => {
    expect(validateAuthSearch({})).toEqual({});
    expect(validateAuthSearch({ invitation_id: 'abc', email: 'a@b.co', other: 'x' })).toEqual({ invitation_id: 'abc', email: 'a@b.co' });
    expect(validateAuthSearch({ team_id: 5, team_slug: 'acme' })).toEqual({ team_id: '5', team_slug: 'acme' });
  });

  it('/invite defaults every param to an empty string', () => {
    expect((InviteRoute.options.validateSearch as Validate)({})).toEqual({ invitation_id: '', team_id: '', email: '', team_slug: '' });
  });

  it('/invite/ parses team_id as a number, default 0', () => {
    const validate = InviteIndexRoute.options.validateSearch as Validate;
    expect(validate({})).toEqual({ invitation_id: '', team_id: 0, email: '', team_slug: '' });
    expect(validate({ team_id: '12', invitation_id: 'i', email: 'e@x.io', team_slug: 's' })).toEqual({ invitation_id: 'i', team_id: 12, email: 'e@x.io', team_slug: 's' });
    expect(validate({ team_id: 'nope' })).toMatchObject({ team_id: 0 });
  });

  it('the settings tab comes from the path and defaults to account', () => {
    expect(tabFromPath('/settings/team')).toBe('team');
    expect(tabFromPath('/settings/subscription')).toBe('subscription');
    expect(tabFromPath('/settings/')).toBe('account');
    expect(tabFromPath('/settings/unknown')).toBe('account');
  });
});
