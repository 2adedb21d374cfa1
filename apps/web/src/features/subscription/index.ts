/** The subscription feature's public entry: what other features may use. */
export { formatDate, periodLine, subscriptionStatusLabel } from './billing-format';
export { EARLY_SUPPORTER_PLAN } from './plan';
export { SidebarCredits } from './sidebar-credits';
export { SubscriptionRequiredContent } from './subscription-required-modal';
export { browserLocation, goTo } from './use-billing-redirects';
