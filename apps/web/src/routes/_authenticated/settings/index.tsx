import { createFileRoute, redirect } from '@tanstack/react-router';

/** /settings/ redirects to /settings/account (spec section 2). */
export const Route = createFileRoute('/_authenticated/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/account', replace: true });
  },
});
