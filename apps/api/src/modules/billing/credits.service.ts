import type { AppDeps } from '../../core/deps.ts';
import { AppError, notFound } from '../../core/errors.ts';
import { parseOrdering, type PageRequest } from '../../core/pagination.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import * as repo from './billing.repository.ts';
import { grantCreditsInTransaction, periodGrantReference, type CreditGrant } from './credit-ledger.ts';
import { renewLocalSubscriptionIfDue } from './local-billing.service.ts';
import { summarizeSubscription } from './subscription-summary.ts';

/**
 * The credit ledger: an append-only list of movements per team and a balance row that never goes
 * below zero. Every movement locks the team's balance row for its transaction. Other modules
 * (AI copy, videos) spend and refund through `spendCredits` and `refundCredits`.
 */

type CreditKind = 'grant' | 'purchase' | 'spend' | 'refund' | 'adjustment';
export type { CreditGrant };
export type CreditTransaction = repo.CreditTransactionRow;

function serializeTransaction(row: CreditTransaction) {
  return {
    id: row.id,
    team: row.teamId,
    amount: row.amount,
    kind: row.kind as CreditKind,
    reason: row.reason,
    reference: row.reference,
    balance_after: row.balanceAfter,
    created_by: row.createdById,
    created_at: row.createdAt.toISOString(),
  };
}

export async function getCreditBalance(deps: AppDeps, access: TeamAccess) {
  const teamId = access.team.id;
  await renewLocalSubscriptionIfDue(deps, teamId);
  const [balance, subscription] = await Promise.all([repo.readBalance(deps.db, teamId), repo.findSubscription(deps.db, teamId)]);
  let grantedThisPeriod = 0;
  if (subscription?.stripeSubscriptionId && subscription.currentPeriodStart) {
    const grant = await repo.findTransactionByReference(deps.db, teamId, periodGrantReference(subscription.stripeSubscriptionId, subscription.currentPeriodStart));
    grantedThisPeriod = grant?.amount ?? 0;
  }
  const isActive = subscription ? summarizeSubscription(subscription).has_active_subscription : false;
  return {
    balance,
    granted_this_period: grantedThisPeriod,
    period_end: isActive ? (subscription?.currentPeriodEnd?.toISOString() ?? null) : null,
  };
}

/** The ledger, newest first unless `ordering` says otherwise (400 for an unknown field). */
export async function listCreditTransactions(deps: AppDeps, access: TeamAccess, ordering: string | undefined, page: PageRequest) {
  const order = parseOrdering<repo.TransactionOrdering>(ordering, repo.transactionOrderings, '-created_at');
  const { count, rows } = await repo.pageTransactions(deps.db, access.team.id, order, page.pageSize, page.offset);
  return { count, rows: rows.map(serializeTransaction) };
}

/** Adds credits in a transaction of its own, once per reference (null when granted before). */
export function grantCredits(deps: AppDeps, teamId: number, grant: CreditGrant): Promise<CreditTransaction | null> {
  return repo.inTransaction(deps.db, (tx) => grantCreditsInTransaction(tx, teamId, grant));
}

const insufficientCredits = (balance: number) =>
  new AppError('subscription_required', 'Not enough credits.', {
    body: { detail: 'Not enough credits.', code: 'insufficient_credits', balance },
  });

/**
 * Spends credits for one piece of paid work (e.g. one AI-written text). The team's balance row is
 * locked for the transaction, so concurrent spends queue and the balance never goes below zero.
 * With a `reference`, spending again under the same reference returns the first spend.
 * Throws 402 `insufficient_credits` when the balance is too low.
 */
export async function spendCredits(
  deps: AppDeps,
  teamId: number,
  amount: number,
  options: { reason: string; reference?: string; userId?: number | null },
): Promise<CreditTransaction> {
  if (!Number.isInteger(amount) || amount <= 0) throw new Error(`spendCredits: amount must be a positive integer, got ${amount}`);
  // a local subscription's new period grants its credits first
  await renewLocalSubscriptionIfDue(deps, teamId);
  return repo.inTransaction(deps.db, async (tx) => {
    const balance = await repo.lockBalance(tx, teamId);
    if (options.reference) {
      const existing = await repo.findTransactionByReference(tx, teamId, options.reference);
      if (existing) return existing;
    }
    if (balance < amount) throw insufficientCredits(balance);
    return repo.appendTransaction(tx, teamId, {
      amount: -amount,
      kind: 'spend',
      reason: options.reason,
      reference: options.reference ?? null,
      balanceAfter: balance - amount,
      createdById: options.userId ?? null,
    });
  });
}

/**
 * Gives back what a spend took (a failed generation), or `amount` of it (the part of the work that
 * was not done). At most once per spend; a second call returns the first refund. 404 for another
 * team's spend.
 */
export async function refundCredits(
  deps: AppDeps,
  teamId: number,
  spendTransactionId: number,
  options: { reason: string; userId?: number | null; amount?: number },
): Promise<CreditTransaction> {
  return repo.inTransaction(deps.db, async (tx) => {
    const balance = await repo.lockBalance(tx, teamId);
    const spend = await repo.findTransaction(tx, teamId, spendTransactionId);
    if (!spend || spend.kind !== 'spend') throw notFound();
    const previous = await repo.findRefundOfSpend(tx, teamId, spend.id);
    if (previous) return (await repo.findTransaction(tx, teamId, previous.refundTransactionId))!;
    const amount = options.amount ?? -spend.amount;
    if (!Number.isInteger(amount) || amount <= 0 || amount > -spend.amount) throw new Error(`refundCredits: amount must be 1 to ${-spend.amount}, got ${amount}`);
    const refund = await repo.appendTransaction(tx, teamId, {
      amount,
      kind: 'refund',
      reason: options.reason,
      reference: `refund:${spend.id}`,
      balanceAfter: balance + amount,
      createdById: options.userId ?? null,
    });
    await repo.insertRefund(tx, teamId, { spendTransactionId: spend.id, refundTransactionId: refund.id, amount, reason: options.reason });
    return refund;
  });
}
