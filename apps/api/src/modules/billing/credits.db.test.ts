import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditTransactions } from '@hookwall/db';
import { as, createTestApp, userWithTeam, type TestApp } from '../../test/harness.ts';
import { grantCredits, refundCredits, spendCredits } from './billing.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ WEB_DIST_DIR: '/nonexistent-web-dist' });
});
afterAll(() => t?.close());

const balanceOf = async (user: { access: string }, slug: string) =>
  (await as(t.app, user)({ method: 'GET', url: `/a/${slug}/subscription/api/credits/balance/` })).json().balance as number;

describe('the credit ledger API other modules call', () => {
  it('grants once per reference: the same reference again changes nothing', async () => {
    const { user, team } = await userWithTeam(t.app, 'Ledger Grants');
    const first = await grantCredits(t.deps, team.id, { amount: 7, kind: 'adjustment', reason: 'goodwill', reference: 'goodwill:1', userId: user.id });
    expect(first).toMatchObject({ amount: 7, kind: 'adjustment', balanceAfter: 7, createdById: user.id });
    expect(await grantCredits(t.deps, team.id, { amount: 7, kind: 'adjustment', reason: 'goodwill', reference: 'goodwill:1' })).toBeNull();
    expect(await balanceOf(user, team.slug)).toBe(7);
    await expect(grantCredits(t.deps, team.id, { amount: 0, kind: 'adjustment', reason: 'nothing', reference: 'zero' })).rejects.toThrow(/positive integer/);
    await expect(spendCredits(t.deps, team.id, -1, { reason: 'negative' })).rejects.toThrow(/positive integer/);
    expect(await balanceOf(user, team.slug)).toBe(7);
  });

  it('spends, refuses to overspend with 402 insufficient_credits, and refunds a spend once', async () => {
    const { user, team } = await userWithTeam(t.app, 'Ledger Spends');
    await grantCredits(t.deps, team.id, { amount: 3, kind: 'adjustment', reason: 'start', reference: 'start' });
    const spend = await spendCredits(t.deps, team.id, 2, { reason: 'one text', userId: user.id });
    expect(spend).toMatchObject({ amount: -2, kind: 'spend', balanceAfter: 1 });
    await expect(spendCredits(t.deps, team.id, 2, { reason: 'too much' })).rejects.toMatchObject({
      status: 402,
      body: { detail: 'Not enough credits.', code: 'insufficient_credits', balance: 1 },
    });
    const refund = await refundCredits(t.deps, team.id, spend.id, { reason: 'failed' });
    expect(refund).toMatchObject({ amount: 2, kind: 'refund', balanceAfter: 3, reference: `refund:${spend.id}` });
    expect((await refundCredits(t.deps, team.id, spend.id, { reason: 'failed again' })).id).toBe(refund.id);
    expect(await balanceOf(user, team.slug)).toBe(3);
  });

  it('lists the ledger in the order asked, both ways, not merely in insertion order', async () => {
    const { user, team } = await userWithTeam(t.app, 'Ledger Order');
    // inserted a, b, c; dated b, c, a; amounts c < a < b
    const entries = [
      { reference: 'a', amount: 5, at: '2026-03-03T00:00:00Z' },
      { reference: 'b', amount: 9, at: '2026-03-01T00:00:00Z' },
      { reference: 'c', amount: 1, at: '2026-03-02T00:00:00Z' },
    ];
    for (const entry of entries) {
      const row = await grantCredits(t.deps, team.id, { amount: entry.amount, kind: 'adjustment', reason: entry.reference, reference: entry.reference });
      await t.deps.db.update(creditTransactions).set({ createdAt: new Date(entry.at) }).where(eq(creditTransactions.id, row!.id));
    }
    const order = async (ordering?: string) => {
      const res = await as(t.app, user)({ method: 'GET', url: `/a/${team.slug}/subscription/api/credit-transactions/${ordering ? `?ordering=${ordering}` : ''}` });
      expect(res.statusCode).toBe(200);
      return res.json().results.map((r: { reference: string }) => r.reference);
    };
    expect(await order()).toEqual(['a', 'c', 'b']);
    expect(await order('created_at')).toEqual(['b', 'c', 'a']);
    expect(await order('-created_at')).toEqual(['a', 'c', 'b']);
    expect(await order('amount')).toEqual(['c', 'a', 'b']);
    expect(await order('-amount')).toEqual(['b', 'a', 'c']);
    expect(await order('-id')).toEqual(['c', 'b', 'a']);
  });
});
