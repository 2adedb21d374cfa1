import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useAppSelector } from '@/app/hooks';
import { identifyUser, recordPageView } from './analytics';

/** A page view on each route change, and the signed-in user identified by id and email. */
export function PageViewTracker() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const userId = useAppSelector((s) => s.session.user?.id ?? null);
  const email = useAppSelector((s) => s.session.user?.email ?? null);
  useEffect(() => {
    recordPageView(path);
  }, [path]);
  useEffect(() => {
    identifyUser(userId !== null && email ? { id: userId, email } : null);
  }, [userId, email]);
  return null;
}
