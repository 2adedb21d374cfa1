import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { ErrorView, NotFoundView } from '@/features/errors/error-views';
import { ModalRoot } from '@/features/modals/modal-root';
import { PageViewTracker } from '@/features/analytics/page-view-tracker';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ErrorView,
  notFoundComponent: NotFoundView,
});

function RootLayout() {
  return (
    <>
      <PageViewTracker />
      <Outlet />
      <ModalRoot />
    </>
  );
}
