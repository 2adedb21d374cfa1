import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { idleUsage, plans, stateWithTeam } from '@/test/billing-fixtures';
import { makeTeam, page } from '@/test/fixtures';
import { apiHandler, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { BILLING_OFF_TEXT, BILLING_OFF_TITLE } from './billing-off-notice';
import { SubscriptionPage } from './subscription-page';

describe('subscription page with billing off (BILLING=none)', () => {
  it('says billing is off and offers nothing to buy', async () => {
    server.use(
      apiHandler('get', '/a/{teamSlug}/subscription/api/plans/', { ...plans, provider: 'none' }),
      apiHandler('get', '/a/{teamSlug}/subscription/api/credits/balance/', { balance: 0, granted_this_period: 0, period_end: null }),
      apiHandler('get', '/a/{teamSlug}/subscription/api/credit-transactions/', page([])),
      apiHandler('get', '/a/{teamSlug}/subscription/api/usage/', idleUsage),
    );
    // under BILLING=none every team counts as subscribed
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam({ has_active_subscription: true })) });
    expect(await screen.findByText(BILLING_OFF_TITLE)).toBeInTheDocument();
    expect(screen.getByText(BILLING_OFF_TEXT)).toBeInTheDocument();
    expect(screen.queryByTestId('plan-card')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Subscribe|Buy|Manage billing/ })).not.toBeInTheDocument();
  });

  it('shows the plan as before with a billing provider', async () => {
    server.use(
      apiHandler('get', '/a/{teamSlug}/subscription/api/plans/', plans),
      apiHandler('get', '/a/{teamSlug}/subscription/api/credits/balance/', { balance: 0, granted_this_period: 0, period_end: null }),
      apiHandler('get', '/a/{teamSlug}/subscription/api/credit-transactions/', page([])),
      apiHandler('get', '/a/{teamSlug}/subscription/api/usage/', idleUsage),
    );
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam()) });
    expect(await screen.findByTestId('credit-balance')).toBeInTheDocument();
    expect(screen.getByTestId('plan-card')).toBeInTheDocument();
    expect(screen.queryByText(BILLING_OFF_TITLE)).not.toBeInTheDocument();
  });
});
