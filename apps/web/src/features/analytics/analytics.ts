/**
 * Analytics, marketing and chat are third parties (spec section 1), each enabled only when its key
 * is configured (VITE_POSTHOG_KEY, VITE_MARKETING_PIXEL_ID, VITE_CHAT_WIDGET_ID). None is configured
 * by default, so nothing leaves the browser.
 */
const env = import.meta.env as Record<string, string | undefined>;
export const analyticsConfig = {
  posthogKey: env.VITE_POSTHOG_KEY,
  marketingPixelId: env.VITE_MARKETING_PIXEL_ID,
};

type MarketingFn = (event: string, name: string, data?: Record<string, unknown>) => void;

/** The marketing helper does nothing, with a logged warning, when the tool is not initialised. */
export function trackMarketing(event: string, name: string, data?: Record<string, unknown>) {
  const fn = (window as unknown as { fbq?: MarketingFn }).fbq;
  if (!analyticsConfig.marketingPixelId || typeof fn !== 'function') {
    console.warn('Marketing pixel is not initialised; event not sent:', name);
    return;
  }
  fn(event, name, data);
}

export function recordPageView(path: string) {
  const posthog = (window as unknown as { posthog?: { capture: (e: string, p: object) => void } }).posthog;
  if (analyticsConfig.posthogKey && posthog) posthog.capture('$pageview', { $current_url: path });
  if (analyticsConfig.marketingPixelId) trackMarketing('track', 'PageView');
}
