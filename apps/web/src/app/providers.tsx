import { RouterProvider } from '@tanstack/react-router';
import { Provider } from 'react-redux';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { SessionManager } from '@/features/session/session-manager';
import type { createAppRouter } from './router';
import type { AppStore } from './store';

export function AppProviders({ store, router }: { store: AppStore; router: ReturnType<typeof createAppRouter> }) {
  return (
    <Provider store={store}>
      <TooltipProvider>
        <SessionManager />
        <RouterProvider router={router} />
        <Toaster />
      </TooltipProvider>
    </Provider>
  );
}
