/**
 * What Hookwall sells: the one plan and the credit packs, by name, price (US dollars) and credits.
 * The only source of these facts: the API grants and serves them (GET subscription/api/plans/), the
 * web app shows them, and the Stripe prices configured in STRIPE_PRICE_* must charge the same amounts.
 * No dependencies, so the browser bundle and the server both import it as it is.
 */

export interface PlanFacts {
  id: string;
  name: string;
  /** whole US dollars per period */
  price: number;
  period: 'month';
  /** credits granted each paid period */
  creditsPerPeriod: number;
}

/** The only plan (docs/billing.md). */
export const EARLY_SUPPORTER_PLAN = {
  id: 'early_supporter',
  name: 'Early Supporter',
  price: 50,
  period: 'month',
  creditsPerPeriod: 100,
} as const satisfies PlanFacts;

export interface CreditPackFacts {
  /** the id createCreditPurchaseRequest sends: the number of credits, as a string */
  pack: string;
  credits: number;
  /** whole US dollars, paid once */
  price: number;
}

export const CREDIT_PACKS = [
  { pack: '100', credits: 100, price: 10 },
  { pack: '500', credits: 500, price: 40 },
] as const satisfies readonly CreditPackFacts[];

export type CreditPack = (typeof CREDIT_PACKS)[number];
export type CreditPackId = CreditPack['pack'];

export const CREDIT_PACK_IDS = CREDIT_PACKS.map((p) => p.pack);

/** The pack of a validated id. */
export function creditPack(id: CreditPackId): CreditPack {
  return CREDIT_PACKS.find((p) => p.pack === id)!;
}

/** The pack with this id, or of this number of credits (the same thing); undefined for anything else. */
export function findCreditPack(id: string | number): CreditPack | undefined {
  return CREDIT_PACKS.find((p) => p.pack === String(id));
}

/** "$50", "$9.50": whole dollars without cents. */
export function formatPrice(dollars: number): string {
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}
