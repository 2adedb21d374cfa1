import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LocalBillingPortal, LocalCheckoutSession } from '@/api/api';
import { browserLocation } from '@/features/subscription';
import { activeSubscription, stateWithTeam } from '@/test/billing-fixtures';
import { expectConsole } from '@/test/console';
import { makeTeam } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { LocalCheckoutPage } from './local-checkout-page';
import { LocalPortalPage } from './local-portal-page';

const ID = '5b1f3d2e-8a4c-4c1e-9f0a-1d2e3f4a5b6c';
const origin = window.location.origin;
const session: LocalCheckoutSession = {
  id: ID,
  team: { id: 7, name: 'Acme Studio', slug: 'acme-studio' },
  kind: 'subscription',
  status: 'open',
  price_id: 'price_early_supporter',
  plan: { id: 'early_supporter', name: 'Early Supporter', price: 50, period: 'month' },
  credits: null,
  success_url: `${origin}/settings/subscription?checkout=success`,
  cancel_url: `${origin}/settings/subscription?checkout=cancel`,
  test_mode: true,
  created_at: '2026-11-21T12:00:00Z',
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('local checkout page', () => {
  it('shows the plan in test mode; Pay completes it and returns to the success URL', async () => {
    server.use(apiHandler('get', '/subscription/local/api/checkout/{id}/', session), apiHandler('post', '/subscription/local/api/checkout/{id}/pay/', { redirect_url: session.success_url }));
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    await renderWithStore(<LocalCheckoutPage id={ID} />, { preloadedState: stateWithTeam(makeTeam()) });
    expect(await screen.findByText('Test mode — no payment is taken')).toBeInTheDocument();
    expect(screen.getByText('Subscribe to Early Supporter')).toBeInTheDocument();
    expect(screen.getByText('$50 / month')).toBeInTheDocument();
    expect(screen.getByText('Acme Studio')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Pay' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(session.success_url));
    expect(sentRequests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/subscription/local/api/checkout/${ID}/pay/`]);
  });

  it('Cancel returns to the cancel URL', async () => {
    server.use(apiHandler('get', '/subscription/local/api/checkout/{id}/', session), apiHandler('post', '/subscription/local/api/checkout/{id}/cancel/', { redirect_url: session.cancel_url }));
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    await renderWithStore(<LocalCheckoutPage id={ID} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(session.cancel_url));
    expect(sentRequests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual([`/subscription/local/api/checkout/${ID}/cancel/`]);
  });

  it('a credit pack, and a session already paid, offer no Pay', async () => {
    server.use(apiHandler('get', '/subscription/local/api/checkout/{id}/', { ...session, kind: 'credits', plan: null, credits: 500, status: 'paid' }));
    await renderWithStore(<LocalCheckoutPage id={ID} />);
    expect(await screen.findByText('Buy 500 credits')).toBeInTheDocument();
    expect(screen.getByText('Credit pack of 500 credits')).toBeInTheDocument();
    expect(screen.getByText('$40 one-time')).toBeInTheDocument();
    expect(screen.getByText('This checkout is already paid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay' })).not.toBeInTheDocument();
  });

  it('an unknown checkout says so', async () => {
    expectConsole(/^Request failed: /);
    server.use(apiHandler('get', '/subscription/local/api/checkout/{id}/', apiError(404, { detail: 'Not found.' })));
    await renderWithStore(<LocalCheckoutPage id={ID} />);
    expect(await screen.findByText('Checkout not found')).toBeInTheDocument();
  });

  it('a refused payment toasts why', async () => {
    expectConsole(/^Request failed: /);
    server.use(apiHandler('get', '/subscription/local/api/checkout/{id}/', session), apiHandler('post', '/subscription/local/api/checkout/{id}/pay/', apiError(403, { detail: 'Only team admins can do this.' })));
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    await renderWithStore(<LocalCheckoutPage id={ID} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Pay' }));
    expect(await screen.findByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByText('Only team admins can do this.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('local billing portal', () => {
  const portal: LocalBillingPortal = { team: session.team, has_active_subscription: true, subscription: activeSubscription, test_mode: true };

  it('cancels at period end, then resumes; the back link goes to return_url', async () => {
    let current = portal;
    server.use(
      apiHandler('get', '/a/{teamSlug}/subscription/local/api/portal/', () => HttpResponse.json(current)),
      apiHandler('post', '/a/{teamSlug}/subscription/local/api/portal/cancel/', () => {
        current = { ...portal, subscription: { ...activeSubscription, cancel_at_period_end: true } };
        return HttpResponse.json(current);
      }),
      apiHandler('post', '/a/{teamSlug}/subscription/local/api/portal/resume/', () => {
        current = portal;
        return HttpResponse.json(current);
      }),
    );
    await renderWithStore(<LocalPortalPage teamSlug="acme-studio" returnUrl={`${origin}/settings/subscription`} />);
    expect(await screen.findByText('Test mode — no payment is taken')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Hookwall/ })).toHaveAttribute('href', `${origin}/settings/subscription`);
    expect(screen.getByTestId('portal-period')).toHaveTextContent('Renews on Dec 21, 2026.');

    await userEvent.click(screen.getByRole('button', { name: 'Cancel at period end' }));
    expect(await screen.findByText('Subscription cancelled')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('portal-period')).toHaveTextContent('Cancels on Dec 21, 2026.'));

    await userEvent.click(screen.getByRole('button', { name: 'Resume subscription' }));
    expect(await screen.findByText('Subscription resumed')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cancel at period end' })).toBeInTheDocument());
    expect(sentRequests.filter((r) => r.method === 'POST').map((r) => r.path)).toEqual(['/a/acme-studio/subscription/local/api/portal/cancel/', '/a/acme-studio/subscription/local/api/portal/resume/']);
  });

  it('never links back off the app', async () => {
    server.use(apiHandler('get', '/a/{teamSlug}/subscription/local/api/portal/', portal));
    await renderWithStore(<LocalPortalPage teamSlug="acme-studio" returnUrl="https://evil.example/steal" />);
    expect(screen.getByRole('link', { name: /Back to Hookwall/ })).toHaveAttribute('href', '/settings/subscription');
  });
});
