import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import {
  billingWebhookEvents,
  creditBalances,
  creditRefunds,
  creditTransactions,
  localCheckoutSessions,
  subscriptions,
  teams,
  type Db,
} from '@hookwall/db';

export type SubscriptionRow = typeof subscriptions.$inferSelect;
export type CreditTransactionRow = typeof creditTransactions.$inferSelect;
export type LocalCheckoutSessionRow = typeof localCheckoutSessions.$inferSelect;
/** the database or an open transaction */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** Runs `work` in one transaction; every effect of a billing event or a credit movement goes through here. */
export function inTransaction<T>(db: Db, work: (tx: Executor) => Promise<T>): Promise<T> {
  return db.transaction((tx) => work(tx));
}

// --- subscriptions ---

/** Whether the team an event names still exists (a deleted team's late events are ignored). */
export async function teamExists(db: Executor, teamId: number) {
  return (await db.select({ id: teams.id }).from(teams).where(eq(teams.id, teamId))).length === 1;
}

export async function findSubscription(db: Executor, teamId: number) {
  return (await db.select().from(subscriptions).where(eq(subscriptions.teamId, teamId)))[0] ?? null;
}

export async function findSubscriptions(db: Executor, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  return db.select().from(subscriptions).where(inArray(subscriptions.teamId, teamIds));
}

/** The team owning a Stripe subscription or customer; used when an event carries no team id. */
export async function findTeamIdByStripeIds(db: Executor, ids: { subscriptionId?: string | null; customerId?: string | null }) {
  if (ids.subscriptionId) {
    const [row] = await db.select({ teamId: subscriptions.teamId }).from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, ids.subscriptionId));
    if (row) return row.teamId;
  }
  if (ids.customerId) {
    const [row] = await db.select({ teamId: subscriptions.teamId }).from(subscriptions).where(eq(subscriptions.stripeCustomerId, ids.customerId));
    if (row) return row.teamId;
  }
  return null;
}

/** A subscription by the provider's id; for the local provider, which keeps its subscriptions here. */
export async function findSubscriptionByProviderId(db: Executor, subscriptionId: string) {
  return (await db.select().from(subscriptions).where(eq(subscriptions.stripeSubscriptionId, subscriptionId)))[0] ?? null;
}

/** The team's subscription row, created empty (status 'none') if missing, locked for this transaction. */
export async function lockSubscription(tx: Executor, teamId: number, provider: string) {
  await tx.insert(subscriptions).values({ teamId, provider }).onConflictDoNothing({ target: subscriptions.teamId });
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.teamId, teamId)).for('update');
  return row!;
}

export async function updateSubscription(
  tx: Executor,
  teamId: number,
  values: Partial<Omit<typeof subscriptions.$inferInsert, 'id' | 'teamId' | 'createdAt'>>,
) {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.teamId, teamId))
    .returning();
  return row ?? null;
}

// --- webhook events ---

/** Records an event id; false when it was recorded before (a redelivery). Call inside the effects' transaction. */
export async function recordWebhookEvent(tx: Executor, event: { id: string; type: string; createdAt: Date }) {
  const rows = await tx
    .insert(billingWebhookEvents)
    .values({ id: event.id, type: event.type, eventCreatedAt: event.createdAt })
    .onConflictDoNothing()
    .returning({ id: billingWebhookEvents.id });
  return rows.length === 1;
}

// --- local checkout sessions ---

export async function insertLocalCheckoutSession(db: Executor, values: typeof localCheckoutSessions.$inferInsert) {
  const [row] = await db.insert(localCheckoutSessions).values(values).returning();
  return row!;
}

/** A session by id, whichever team; the caller checks membership of `row.teamId`. */
export async function findLocalCheckoutSession(db: Executor, id: string) {
  return (await db.select().from(localCheckoutSessions).where(eq(localCheckoutSessions.id, id)))[0] ?? null;
}

/** Moves an open session to `status`; null when it was not open any more (paid or cancelled meanwhile). */
export async function closeLocalCheckoutSession(tx: Executor, teamId: number, id: string, status: 'paid' | 'cancelled') {
  const [row] = await tx
    .update(localCheckoutSessions)
    .set({ status, completedAt: new Date() })
    .where(and(eq(localCheckoutSessions.id, id), eq(localCheckoutSessions.teamId, teamId), eq(localCheckoutSessions.status, 'open')))
    .returning();
  return row ?? null;
}

// --- credits ---

/** The team's balance row, created at 0 if missing, locked until the transaction ends. */
export async function lockBalance(tx: Executor, teamId: number) {
  await tx.insert(creditBalances).values({ teamId, balance: 0 }).onConflictDoNothing({ target: creditBalances.teamId });
  const [row] = await tx.select().from(creditBalances).where(eq(creditBalances.teamId, teamId)).for('update');
  return row!.balance;
}

export async function readBalance(db: Executor, teamId: number) {
  const [row] = await db.select({ balance: creditBalances.balance }).from(creditBalances).where(eq(creditBalances.teamId, teamId));
  return row?.balance ?? 0;
}

export async function findTransactionByReference(tx: Executor, teamId: number, reference: string) {
  const [row] = await tx
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.teamId, teamId), eq(creditTransactions.reference, reference)));
  return row ?? null;
}

export async function findTransaction(tx: Executor, teamId: number, id: number) {
  const [row] = await tx.select().from(creditTransactions).where(and(eq(creditTransactions.teamId, teamId), eq(creditTransactions.id, id)));
  return row ?? null;
}

/**
 * Appends a ledger entry and moves the balance. Call with the balance row locked (lockBalance) in
 * the same transaction; `balanceAfter` is what the caller computed from the locked balance.
 */
export async function appendTransaction(
  tx: Executor,
  teamId: number,
  entry: { amount: number; kind: string; reason: string; reference: string | null; balanceAfter: number; createdById: number | null },
) {
  const [row] = await tx.insert(creditTransactions).values({ teamId, ...entry }).returning();
  await tx.update(creditBalances).set({ balance: entry.balanceAfter, updatedAt: new Date() }).where(eq(creditBalances.teamId, teamId));
  return row!;
}

export async function findRefundOfSpend(tx: Executor, teamId: number, spendTransactionId: number) {
  const [row] = await tx
    .select()
    .from(creditRefunds)
    .where(and(eq(creditRefunds.teamId, teamId), eq(creditRefunds.spendTransactionId, spendTransactionId)));
  return row ?? null;
}

export async function insertRefund(tx: Executor, teamId: number, values: { spendTransactionId: number; refundTransactionId: number; amount: number; reason: string }) {
  const [row] = await tx.insert(creditRefunds).values({ teamId, ...values }).returning();
  return row!;
}

export const transactionOrderings = ['created_at', 'amount', 'kind', 'id'] as const;
export type TransactionOrdering = (typeof transactionOrderings)[number];

export async function pageTransactions(
  db: Executor,
  teamId: number,
  ordering: { field: TransactionOrdering; isDescending: boolean },
  limit: number,
  offset: number,
) {
  const where = eq(creditTransactions.teamId, teamId);
  const column = {
    created_at: creditTransactions.createdAt,
    amount: creditTransactions.amount,
    kind: creditTransactions.kind,
    id: creditTransactions.id,
  }[ordering.field];
  const direction = ordering.isDescending ? desc : asc;
  const [{ total }] = await db.select({ total: count() }).from(creditTransactions).where(where);
  const rows = await db
    .select()
    .from(creditTransactions)
    .where(where)
    // the id breaks ties the same way as the main order, so equal timestamps keep insertion order
    .orderBy(direction(column), direction(creditTransactions.id))
    .limit(limit)
    .offset(offset);
  return { count: Number(total), rows };
}

