import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { recordPageView } from './analytics';

/** A page view on each route change (spec section 1). */
export function PageViewTracker() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  useEffect(() => {
    recordPageView(path);
  }, [path]);
  return null;
}
