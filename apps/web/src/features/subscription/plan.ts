import { EARLY_SUPPORTER_PLAN as PLAN } from '@hookwall/pricing';

export interface Plan {
  name: string;
  price: number;
  period: string;
  description: string;
  features: string[];
  featuresDescription: string;
  badge?: string;
  cta: string;
  secondaryCta?: string;
  stripePriceId: string;
}

/** The only plan; its name, price and period come from @hookwall/pricing, as the API's do. */
export const EARLY_SUPPORTER_PLAN: Plan = {
  name: PLAN.name,
  price: PLAN.price,
  period: PLAN.period,
  description: 'Plan built for our early supporters.',
  features: ['Unlimited generated videos', 'Early access to AI features', 'A connected Slack channel'],
  featuresDescription: 'Everything you need to make videos:',
  badge: 'Popular',
  cta: 'Subscribe',
  secondaryCta: 'Chat with sales',
  // the local provider's price; the real one comes from GET subscription/api/plans/
  stripePriceId: 'price_early_supporter',
};
