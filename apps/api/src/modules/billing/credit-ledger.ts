import * as repo from './billing.repository.ts';

/**
 * The ledger's one write that runs inside someone else's transaction: the credits an event earns
 * (a paid period, a bought pack) are added in the transaction that records the event. Kept apart
 * from credits.service.ts, which brings a local subscription up to date through the event handling
 * (webhook.service.ts) and so cannot be imported by it.
 */

/** The reference of a subscription period's grant: one grant per subscription and period start. */
export const periodGrantReference = (subscriptionId: string, periodStart: Date) => `grant:${subscriptionId}:${Math.floor(periodStart.getTime() / 1000)}`;

export interface CreditGrant {
  amount: number;
  kind: 'grant' | 'purchase' | 'adjustment';
  reason: string;
  /** a grant is made once per reference: the same reference again changes nothing */
  reference: string;
  userId?: number | null;
}

/**
 * Adds credits inside the caller's transaction (the one recording the event that earns them), once
 * per reference. Returns the new ledger entry, or null when the reference was granted before.
 */
export async function grantCreditsInTransaction(tx: repo.Executor, teamId: number, grant: CreditGrant): Promise<repo.CreditTransactionRow | null> {
  if (!Number.isInteger(grant.amount) || grant.amount <= 0) throw new Error(`grantCredits: amount must be a positive integer, got ${grant.amount}`);
  const balance = await repo.lockBalance(tx, teamId);
  if (await repo.findTransactionByReference(tx, teamId, grant.reference)) return null;
  return repo.appendTransaction(tx, teamId, {
    amount: grant.amount,
    kind: grant.kind,
    reason: grant.reason,
    reference: grant.reference,
    balanceAfter: balance + grant.amount,
    createdById: grant.userId ?? null,
  });
}

