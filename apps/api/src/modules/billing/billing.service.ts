/**
 * The billing module's entry for other modules: what they may call. The work is done by
 * credits.service.ts (the ledger), checkout.service.ts (sending an admin to pay),
 * webhook.service.ts (provider events) and local-billing.service.ts (the test-mode provider);
 * this module's routes call those directly.
 *
 * Paid work spends credits, and gives them back when it fails:
 *   const spend = await spendCredits(deps, teamId, 1, { reason: 'AI copy', reference: `copy:${id}`, userId });
 *   await refundCredits(deps, teamId, spend.id, { reason: 'generation failed' });
 * Calls that make videos check the subscription with the `requireActiveSubscription` hook.
 */
export { grantCredits, refundCredits, spendCredits, type CreditGrant, type CreditTransaction } from './credits.service.ts';
export { requireActiveSubscription } from './subscription-guard.ts';
export { hasActiveSubscription, subscriptionRequired } from './subscription-summary.ts';
