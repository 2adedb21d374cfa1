import { describe, expect, it } from 'vitest';
import { validateAuthSearch } from '@/features/auth/auth-search';
import { productDemosSearchSchema } from '@/features/product-demos/product-demos-page';
import { tabFromPath } from '@/features/settings/settings-layout';
import { validateBillingReturn } from '@/features/subscription/subscription-page';
import { textWallSearchSchema } from '@/features/text-wall/text-wall-page';
import { videosSearchSchema } from '@/features/videos/videos-page';
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

  it('/product-demos keeps search, kind, tag and page; anything malformed falls back to the default', () => {
    expect(productDemosSearchSchema.parse({ q: ' beach ', kind: 'hook', tag: 'summer', page: '3' })).toEqual({ q: 'beach', kind: 'hook', tag: 'summer', page: 3 });
    expect(productDemosSearchSchema.parse({ kind: 'ad', page: '-1', tag: '' })).toEqual({});
  });

  it('/videos keeps type, status, page and the batch being watched', () => {
    const job = '7f1e8a7e-3c1b-4b6a-9f59-0a0b7d3e9c11';
    expect(videosSearchSchema.parse({ type: 'composite', status: 'failed', page: '2', job })).toEqual({ type: 'composite', status: 'failed', page: 2, job });
    expect(videosSearchSchema.parse({ type: 'gif', status: 'done', page: 'x', job: 'nope' })).toEqual({});
    expect(textWallSearchSchema.parse({ from: job })).toEqual({ from: job });
    expect(textWallSearchSchema.parse({ from: '1; drop table' })).toEqual({});
    // "Make more like this": the ids stay a string, so the router writes the same address back
    const other = '0b6c9a52-5d0f-4a43-8d7e-2a1f6f0e4b7d';
    const like = textWallSearchSchema.parse({ from: job, like: `${job},${other}` });
    expect(like).toEqual({ from: job, like: `${job},${other}` });
    expect(textWallSearchSchema.parse(like)).toEqual(like);
    expect(textWallSearchSchema.parse({ from: job, like: `${job},nope` })).toEqual({ from: job });
    expect(textWallSearchSchema.parse({ from: job, like: Array.from({ length: 21 }, () => job).join(',') })).toEqual({ from: job });
    // a template of the home page: its id, or nothing
    expect(textWallSearchSchema.parse({ template: job })).toEqual({ template: job });
    expect(textWallSearchSchema.parse({ template: 'spring-sale' })).toEqual({});
    expect(videosSearchSchema.parse({ template: job, job })).toEqual({ template: job, job });
    expect(videosSearchSchema.parse({ template: 42 })).toEqual({});
  });

  it('/settings/subscription keeps the credit history page', () => {
    expect(validateBillingReturn({ history_page: '4', checkout: 'success' })).toEqual({ history_page: 4, checkout: 'success' });
    expect(validateBillingReturn({ history_page: '0' })).toEqual({});
    expect(validateBillingReturn({ history_page: 'abc' })).toEqual({});
  });
});
