import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '@/app/router';
import { ErrorView, NotFoundView } from '@/features/errors/error-views';
import { ModalRoot } from '@/features/modals/modal-root';
import { ReauthenticateDialog } from '@/features/session';
import { PageViewTracker } from '@/features/analytics/page-view-tracker';
import { SupportChat } from '@/features/support/support-chat';

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
      <ReauthenticateDialog />
      <SupportChat />
    </>
  );
}
