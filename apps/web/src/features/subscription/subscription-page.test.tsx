import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initialDataFetched } from '@/app/ui-slice';
import { ModalRoot } from '@/features/modals';
import { activeSubscription, idleUsage, plans, stateWithTeam, transaction } from '@/test/billing-fixtures';
import { expectConsole } from '@/test/console';
import { makeTeam, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { SidebarCredits } from './sidebar-credits';
import { SubscriptionPage } from './subscription-page';
import { browserLocation } from './use-billing-redirects';

const SLUG = '/a/acme-studio/subscription';
const balance = { balance: 100, granted_this_period: 100, period_end: '2026-12-21T12:00:00Z' };
const GB = 1024 ** 3;

// what every test reads: the plans, an empty balance and an empty history (a test adds or overrides)
beforeEach(() => {
  server.use(
    apiHandler('get', '/a/{teamSlug}/subscription/api/plans/', plans),
    apiHandler('get', '/a/{teamSlug}/subscription/api/credits/balance/', { balance: 0, granted_this_period: 0, period_end: null }),
    apiHandler('get', '/a/{teamSlug}/subscription/api/credit-transactions/', page([])),
    apiHandler('get', '/a/{teamSlug}/subscription/api/usage/', idleUsage),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});
/** The POSTs the page sent, with their bodies. */
const posts = () => sentRequests.filter((r) => r.method === 'POST').map((r) => ({ path: r.path, body: r.body }));

describe('subscription page', () => {
  it('without a subscription: the plan card, the status, the balance, the packs and an empty history', async () => {
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam()) });

    const card = screen.getByTestId('plan-card');
    expect(within(card).getByRole('heading', { name: 'Early Supporter' })).toBeInTheDocument();
    expect(card).toHaveTextContent('Plan built for our early supporters.');
    expect(card).toHaveTextContent('Popular');
    expect(card).toHaveTextContent('$50 / month');
    for (const feature of [/unlimited generated videos/i, /early access to AI features/i, /a connected Slack channel/i]) expect(within(card).getByText(feature)).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(within(card).getByRole('link', { name: 'Chat with sales' })).toHaveAttribute('href', expect.stringMatching(/^mailto:/));

    expect(screen.getByText('No active subscription')).toBeInTheDocument();
    expect(screen.getByText('Subscribe to make videos. Looking around is free.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Manage billing/ })).not.toBeInTheDocument();
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent('0 credits available');
    expect(screen.getByRole('button', { name: 'Buy 100 credits' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Buy 500 credits' })).toBeInTheDocument();
    // each pack shows its price where it is bought
    expect(screen.getByTestId('credit-pack-100')).toHaveTextContent('$10 one-time');
    expect(screen.getByTestId('credit-pack-500')).toHaveTextContent('$40 one-time');
    expect(await screen.findByText('No credit activity yet')).toBeInTheDocument();
  });

  it('Subscribe posts the plan price and the return URLs, then sends the browser to the checkout URL', async () => {
    server.use(apiHandler('post', '/a/{teamSlug}/subscription/stripe/api/create-checkout-session/', 'http://localhost:3000/billing/checkout/abc'));
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam()) });

    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/billing/checkout/abc'));
    expect(posts()).toEqual([
      {
        path: `${SLUG}/stripe/api/create-checkout-session/`,
        body: {
          price_id: 'price_early_supporter',
          success_url: `${window.location.origin}/settings/subscription?checkout=success`,
          cancel_url: `${window.location.origin}/settings/subscription?checkout=cancel`,
        },
      },
    ]);
  });

  it('a checkout that cannot start says why and stays on the page', async () => {
    // the client logs every failed request
    expectConsole(/^Request failed: POST \/a\/acme-studio\/subscription\/stripe\/api\/create-checkout-session\//);
    server.use(apiHandler('post', '/a/{teamSlug}/subscription/stripe/api/create-checkout-session/', apiError(409, { detail: 'This team already has a subscription.' })));
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam()) });
    await userEvent.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(await screen.findByText('Could not start checkout')).toBeInTheDocument();
    expect(screen.getByText('This team already has a subscription.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  });

  it('with an active subscription: Active, the renewal date, Manage billing to the portal, and the credits', async () => {
    server.use(
      apiHandler('get', '/a/{teamSlug}/subscription/api/credits/balance/', balance),
      apiHandler('get', '/a/{teamSlug}/subscription/api/credit-transactions/', page([transaction(1, { reason: 'Early Supporter credits for the period' })])),
      apiHandler('post', '/a/{teamSlug}/subscription/stripe/api/create-portal-session/', 'http://localhost:3000/billing/portal/acme-studio?return_url=x'),
    );
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam({ has_active_subscription: true, subscription: activeSubscription })) });

    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByTestId('subscription-period')).toHaveTextContent('Renews on Dec 21, 2026.');
    expect(screen.getByRole('button', { name: /Your current plan/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Subscribe' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent('100 credits available');
    expect(screen.getByText('100 granted this period, which ends on Dec 21, 2026.')).toBeInTheDocument();
    const row = await screen.findByRole('row', { name: /Early Supporter credits for the period/ });
    expect(row).toHaveTextContent('Plan credits');
    expect(row).toHaveTextContent('+100');

    await userEvent.click(screen.getByRole('button', { name: /Manage billing/ }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/billing/portal/acme-studio?return_url=x'));
    expect(posts().map((p) => p.path)).toEqual([`${SLUG}/stripe/api/create-portal-session/`]);
  });

  it('a subscription cancelled at period end shows the cancellation date', async () => {
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam({ has_active_subscription: true, subscription: { ...activeSubscription, cancel_at_period_end: true } })) });
    expect(screen.getByTestId('subscription-period')).toHaveTextContent('Cancels on Dec 21, 2026. Your team can make videos until then.');
  });

  it('a read-only member sees the state but cannot subscribe, buy or manage billing', async () => {
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam({ is_admin: false, role: 'member', has_active_subscription: false })) });
    expect(screen.getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    expect(screen.getByText('Only admins can subscribe.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Buy 100 credits/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Manage billing/ })).not.toBeInTheDocument();
  });

  it('pages through the credit history', async () => {
    const first = Array.from({ length: 10 }, (_, i) => transaction(20 - i, { kind: 'spend', amount: -1, reason: `Hook ${20 - i}` }));
    const second = [transaction(10, { reason: 'Oldest entry' })];
    server.use(
      apiHandler('get', '/a/{teamSlug}/subscription/api/credit-transactions/', ({ request }) =>
        HttpResponse.json(new URL(request.url).searchParams.get('page') === '2' ? page(second, { count: 11 }) : page(first, { count: 11, next: 'next' })),
      ),
    );
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam()) });

    expect(await screen.findByText('Hook 20')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Previous/ })).toBeDisabled();
    expect(sentRequests.find((r) => r.path.endsWith('/credit-transactions/'))?.params.get('page_size')).toBe('10');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByText('Oldest entry')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.queryByText('Hook 20')).not.toBeInTheDocument();
    expect(sentRequests.findLast((r) => r.path.endsWith('/credit-transactions/'))?.params.get('page')).toBe('2');
  });

  it('shows a loading skeleton, then an error with Retry that loads the history', async () => {
    let attempts = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    // the client logs every failed request
    expectConsole(/^Request failed: GET \/a\/acme-studio\/subscription\/api\/credit-transactions\//);
    server.use(
      apiHandler('get', '/a/{teamSlug}/subscription/api/credit-transactions/', async () => {
        attempts += 1;
        if (attempts === 1) {
          await gate;
          return apiError(500, { detail: 'The ledger is unavailable.' });
        }
        return HttpResponse.json(page([transaction(1, { reason: 'After retry' })]));
      }),
    );
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam()) });
    expect(screen.getByRole('status', { name: 'Loading credit history' })).toBeInTheDocument();
    release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load the credit history.');
    expect(alert).toHaveTextContent('The ledger is unavailable.');
    await userEvent.click(within(alert).getByRole('button', { name: /Retry/ }));
    expect(await screen.findByText('After retry')).toBeInTheDocument();
    expect(attempts).toBe(2);
  });

  it.each([
    ['checkout', 'success', 'Subscription started'],
    ['checkout', 'cancel', 'Checkout cancelled'],
    ['credits', 'success', 'Credits purchased'],
    ['credits', 'cancel', 'Purchase cancelled'],
  ] as const)('the return from %s (%s) shows a toast', async (kind, outcome, title) => {
    server.use(apiHandler('get', '/teams/api/teams/', page([makeTeam({ has_active_subscription: true, subscription: activeSubscription })])));
    const { router } = await renderWithStore(<SubscriptionPage search={{ [kind]: outcome }} />, { preloadedState: stateWithTeam(makeTeam()), path: `/settings/subscription?${kind}=${outcome}` });
    const toast = await screen.findByText(title);
    expect(toast.closest('[data-variant]')).toHaveAttribute('data-variant', outcome === 'success' ? 'success' : 'info');
    // the search is dropped, so a reload does not toast again
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it("keeps the return search until the session's first team check ran (so that check does not open the modal)", async () => {
    const preloadedState = stateWithTeam(makeTeam());
    preloadedState.ui!.isInitialDataFetched = false;
    const { router, store } = await renderWithStore(<SubscriptionPage search={{ checkout: 'cancel' }} />, { preloadedState, path: '/settings/subscription?checkout=cancel' });
    expect(await screen.findByText('Checkout cancelled')).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ checkout: 'cancel' });
    act(() => {
      store.dispatch(initialDataFetched(true));
    });
    await waitFor(() => expect(router.state.location.search).toEqual({}));
  });

  it('buys a credit pack through checkout with its own return URLs', async () => {
    server.use(apiHandler('post', '/a/{teamSlug}/subscription/api/credits/purchase/', 'http://localhost:3000/billing/checkout/pack'));
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam({ has_active_subscription: true, subscription: activeSubscription })) });
    await userEvent.click(screen.getByRole('button', { name: 'Buy 500 credits' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/billing/checkout/pack'));
    expect(posts()).toEqual([
      {
        path: `${SLUG}/api/credits/purchase/`,
        body: {
          pack: '500',
          success_url: `${window.location.origin}/settings/subscription?credits=success`,
          cancel_url: `${window.location.origin}/settings/subscription?credits=cancel`,
        },
      },
    ]);
  });

  it('a purchase answered 402 subscription_required opens the modal instead of an error toast', async () => {
    // the client logs every failed request
    expectConsole(/^Request failed: POST \/a\/acme-studio\/subscription\/api\/credits\/purchase\//);
    server.use(apiHandler('post', '/a/{teamSlug}/subscription/api/credits/purchase/', apiError(402, { detail: 'No active subscription was found.', code: 'subscription_required' })));
    await renderWithStore(
      <>
        <SubscriptionPage />
        <ModalRoot />
      </>,
      { preloadedState: stateWithTeam(makeTeam()) },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Buy 100 credits' }));
    expect(await screen.findByRole('dialog', { name: 'Subscription required to make videos' })).toBeInTheDocument();
    expect(screen.queryByText('Could not start the purchase')).not.toBeInTheDocument();
    // the page behind the modal can be used again once the user looks around
    expect(screen.getByRole('button', { name: 'Buy 100 credits', hidden: true })).toBeEnabled();
  });
});

describe('usage of the team’s limits', () => {
  it('shows a labelled bar for each limit, with the numbers; a limit reached says so', async () => {
    server.use(
      apiHandler('get', '/a/{teamSlug}/subscription/api/usage/', {
        open_renders: { used: 12, limit: 300 },
        queued_video_seconds: { used: 5400, limit: 7200 },
        storage_bytes: { used: 20 * GB, limit: 20 * GB },
      }),
    );
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam({ has_active_subscription: true, subscription: activeSubscription })) });

    const renders = await screen.findByRole('progressbar', { name: 'Videos waiting to render' });
    expect(renders).toHaveAttribute('aria-valuenow', '12');
    expect(renders).toHaveAttribute('aria-valuemin', '0');
    expect(renders).toHaveAttribute('aria-valuemax', '300');
    expect(renders).toHaveAttribute('aria-valuetext', '12 of 300');
    expect(screen.getByTestId('usage-open_renders')).toHaveTextContent('12 of 300');

    const seconds = screen.getByRole('progressbar', { name: 'Length of those videos' });
    expect(seconds).toHaveAttribute('aria-valuenow', '5400');
    expect(seconds).toHaveAttribute('aria-valuetext', '1 h 30 min of 2 h');

    const storage = screen.getByRole('progressbar', { name: 'Storage' });
    expect(storage).toHaveAttribute('aria-valuetext', '20 GB of 20 GB');
    expect(screen.getByTestId('usage-storage_bytes')).toHaveTextContent('Limit reached.');
    expect(screen.getByTestId('usage-open_renders')).not.toHaveTextContent('Limit reached.');
    expect(sentRequests.filter((r) => r.path === `${SLUG}/api/usage/`)).toHaveLength(1);
  });

  it('a limit the server does not set has no bar, only the number', async () => {
    server.use(apiHandler('get', '/a/{teamSlug}/subscription/api/usage/', { ...idleUsage, storage_bytes: { used: 1536, limit: null } }));
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam()) });
    expect(await screen.findByTestId('usage-storage_bytes')).toHaveTextContent('1.5 KB (no limit)');
    expect(screen.queryByRole('progressbar', { name: 'Storage' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('progressbar')).toHaveLength(2);
  });

  it('shows a loading skeleton, then an error with Retry that loads the usage', async () => {
    let attempts = 0;
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    // the client logs every failed request
    expectConsole(/^Request failed: GET \/a\/acme-studio\/subscription\/api\/usage\//);
    server.use(
      apiHandler('get', '/a/{teamSlug}/subscription/api/usage/', async () => {
        attempts += 1;
        if (attempts === 1) {
          await gate;
          return apiError(503, { detail: 'The server is busy. Please try again in a moment.', code: 'service_unavailable' });
        }
        return HttpResponse.json({ ...idleUsage, open_renders: { used: 3, limit: 300 } });
      }),
    );
    await renderWithStore(<SubscriptionPage />, { preloadedState: stateWithTeam(makeTeam()) });
    expect(screen.getByRole('status', { name: 'Loading usage' })).toBeInTheDocument();
    release();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The server is busy. Please try again in a moment.');
    await userEvent.click(within(alert).getByRole('button', { name: /Retry/ }));
    expect(await screen.findByRole('progressbar', { name: 'Videos waiting to render' })).toHaveAttribute('aria-valuenow', '3');
    expect(attempts).toBe(2);
  });
});

describe('sidebar credits', () => {
  it('shows the balance of the current team, linking to the subscription page', async () => {
    server.use(apiHandler('get', '/a/{teamSlug}/subscription/api/credits/balance/', { balance: 42, granted_this_period: 100, period_end: null }));
    await renderWithStore(<SidebarCredits />, { preloadedState: stateWithTeam(makeTeam()) });
    expect(await screen.findByRole('link', { name: '42 credits' })).toHaveAttribute('href', '/settings/subscription');
  });
});
