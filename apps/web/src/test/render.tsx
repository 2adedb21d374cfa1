import { createMemoryHistory, createRootRoute, createRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createStore, type AppStore, type RootState } from '@/app/store';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';

/**
 * Renders inside a fresh store, a memory router (Links need one) and the toaster, as the app does.
 * Resolves once the router has rendered the element.
 */
export async function renderWithStore(ui: ReactElement, { preloadedState, store = createStore(preloadedState), path = '/' }: { preloadedState?: Partial<RootState>; store?: AppStore; path?: string } = {}) {
  const rootRoute = createRootRoute();
  const page = createRoute({ getParentRoute: () => rootRoute, path: '$', component: () => <div data-testid="route-ready">{ui}</div> });
  const index = createRoute({ getParentRoute: () => rootRoute, path: '/', component: () => <div data-testid="route-ready">{ui}</div> });
  const router = createRouter({ routeTree: rootRoute.addChildren([index, page]), history: createMemoryHistory({ initialEntries: [path] }) });
  const result = render(
    <Provider store={store}>
      <TooltipProvider>
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </Provider>,
  );
  await screen.findByTestId('route-ready');
  return { store, router, ...result };
}
