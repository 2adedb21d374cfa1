import { createRouter } from '@tanstack/react-router';
import { ErrorView, FullPageSpinner, NotFoundView } from '@/features/errors/error-views';
import { routeTree } from '@/routeTree.gen';
import type { AppStore } from './store';

export interface RouterContext {
  store: AppStore;
}

/** The router, with the original client's defaults for pending, preloading and caching (docs/ui.md). */
export function createAppRouter(store: AppStore) {
  return createRouter({
    routeTree,
    context: { store },
    defaultPendingMs: 1000,
    defaultPendingMinMs: 500,
    defaultPreloadDelay: 50,
    defaultGcTime: 5 * 60 * 1000,
    defaultPreloadStaleTime: 30_000,
    defaultPreload: 'intent',
    defaultErrorComponent: ErrorView,
    defaultNotFoundComponent: NotFoundView,
    defaultPendingComponent: () => <FullPageSpinner />,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
