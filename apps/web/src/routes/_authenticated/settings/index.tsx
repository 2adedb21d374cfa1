import { createFileRoute, redirect } from '@tanstack/react-router';

/** /settings/ redirects to /settings/account. */
export const Route = createFileRoute('/_authenticated/settings/')({
  beforeLoad: () => {
    throw redirect({ to: '/settings/account', replace: true });
  },
});
