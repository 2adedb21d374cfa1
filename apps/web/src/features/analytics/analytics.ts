/**
 * Analytics (posthog-js), the marketing pixel and the support chat are third parties, each enabled
 * only when its key is configured at build time: VITE_POSTHOG_KEY (and optionally VITE_POSTHOG_HOST),
 * VITE_MARKETING_PIXEL_ID. None is configured by default, so nothing leaves the browser. posthog-js
 * is bundled (loaded on demand), so the app's strict CSP needs no third-party script source.
 */
import type { PostHog } from 'posthog-js';
import { webEnv } from '@/lib/env';

export const analyticsConfig = {
  posthogKey: webEnv.VITE_POSTHOG_KEY,
  posthogHost: webEnv.VITE_POSTHOG_HOST,
  marketingPixelId: webEnv.VITE_MARKETING_PIXEL_ID,
};

/** A session ends after 30 idle minutes (PostHog bounds it to 1 minute..10 hours) or 24 hours, as in the original client. */
export const SESSION_IDLE_SECONDS = 30 * 60;

let posthogPromise: Promise<PostHog | null> | null = null;

function loadPosthog(): Promise<PostHog | null> {
  if (!analyticsConfig.posthogKey) return Promise.resolve(null);
  posthogPromise ??= import('posthog-js')
    .then(({ default: posthog }) => {
      posthog.init(analyticsConfig.posthogKey!, {
        api_host: analyticsConfig.posthogHost,
        capture_pageview: false,
        session_idle_timeout_seconds: SESSION_IDLE_SECONDS,
      });
      return posthog;
    })
    .catch((error: unknown) => {
      console.warn('Analytics could not start', error);
      return null;
    });
  return posthogPromise;
}

type MarketingFn = (event: string, name: string, data?: Record<string, unknown>) => void;

declare global {
  interface Window {
    /** the marketing pixel's function, present once its script has run */
    fbq?: MarketingFn;
  }
}

/** The marketing helper does nothing, with a logged warning, when the tool is not initialised. */
export function trackMarketing(event: string, name: string, data?: Record<string, unknown>) {
  const fn = window.fbq;
  if (!analyticsConfig.marketingPixelId || typeof fn !== 'function') {
    console.warn('Marketing pixel is not initialised; event not sent:', name);
    return;
  }
  fn(event, name, data);
}

/** A page view with the analytics tool and the marketing tool on each route change. */
export function recordPageView(path: string) {
  void loadPosthog().then((posthog) => posthog?.capture('$pageview', { $current_url: window.location.origin + path }));
  if (analyticsConfig.marketingPixelId) trackMarketing('track', 'PageView');
}

/** The signed-in user is identified by id and email. */
export function identifyUser(user: { id: number; email: string } | null) {
  void loadPosthog().then((posthog) => {
    if (!posthog) return;
    if (user) posthog.identify(String(user.id), { email: user.email });
    else posthog.reset();
  });
}
