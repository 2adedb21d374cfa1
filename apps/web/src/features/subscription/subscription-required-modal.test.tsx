import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/api/api';
import { isSubscriptionRequiredError, mayOfferSubscriptionAt, subscriptionRequiredModalOpened } from '@/app/subscription-required';
import { ModalRoot } from '@/features/modals';
import { plans, stateWithTeam } from '@/test/billing-fixtures';
import { expectConsole } from '@/test/console';
import { makeTeam } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { browserLocation } from './use-billing-redirects';

const TITLE = 'Subscription required to make videos';
const DESCRIPTION = "You're welcome to look around, but you'll need to subscribe to make videos.";

// the plan card of the modal reads the team's plans
beforeEach(() => {
  server.use(apiHandler('get', '/a/{teamSlug}/subscription/api/plans/', plans));
});
afterEach(() => {
  vi.restoreAllMocks();
});

async function openModal(team = makeTeam()) {
  const rendered = await renderWithStore(<ModalRoot />, { preloadedState: stateWithTeam(team) });
  act(() => {
    rendered.store.dispatch(subscriptionRequiredModalOpened());
  });
  const dialog = await screen.findByRole('dialog', { name: TITLE });
  return { ...rendered, dialog };
}

describe('subscription-required modal', () => {
  it('shows the title, the description and the plan card without its header', async () => {
    const { dialog } = await openModal();
    expect(dialog).toHaveTextContent(DESCRIPTION);
    expect(within(dialog).queryByRole('heading', { name: 'Early Supporter' })).not.toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('Plan built for our early supporters.');
    expect(dialog).not.toHaveTextContent('Popular');
    expect(dialog).toHaveTextContent('$50 / month');
    expect(within(dialog).getByText(/unlimited generated videos/i)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Subscribe' })).toBeEnabled();
    expect(within(dialog).getByRole('link', { name: 'Chat with sales' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Look around first' })).toBeInTheDocument();
  });

  it('cannot be dismissed with Escape or the close button: the destructive Action required toast', async () => {
    const { store } = await openModal();
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Action required')).toBeInTheDocument();
    expect(screen.getByText('You must complete this action before continuing.').closest('[data-variant]')).toHaveAttribute('data-variant', 'destructive');
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('dialog', { name: TITLE })).toBeInTheDocument();
    expect(store.getState().ui.modal).toMatchObject({ name: 'subscriptionRequiredModal', isOpen: true, isCloseable: false });
  });

  it("'Look around first' closes it", async () => {
    const { store } = await openModal();
    await userEvent.click(screen.getByRole('button', { name: 'Look around first' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(store.getState().ui.modal.isOpen).toBe(false);
  });

  it('Subscribe starts checkout for the current team and sends the browser there', async () => {
    server.use(apiHandler('post', '/a/{teamSlug}/subscription/stripe/api/create-checkout-session/', 'http://localhost:3000/billing/checkout/xyz'));
    const assign = vi.spyOn(browserLocation, 'assign').mockImplementation(() => {});
    const { dialog } = await openModal();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Subscribe' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://localhost:3000/billing/checkout/xyz'));
    const posts = sentRequests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual(['/a/acme-studio/subscription/stripe/api/create-checkout-session/']);
    expect(posts[0]!.body).toMatchObject({ price_id: 'price_early_supporter', success_url: `${window.location.origin}/settings/subscription?checkout=success` });
  });

  it('a read-only member is told to ask an admin and can still look around', async () => {
    const { dialog } = await openModal(makeTeam({ is_admin: false, role: 'member' }));
    expect(within(dialog).getByRole('button', { name: 'Subscribe' })).toBeDisabled();
    expect(dialog).toHaveTextContent('Only an admin of Acme Studio can subscribe.');
    expect(within(dialog).getByRole('button', { name: 'Look around first' })).toBeEnabled();
  });
});

describe('402 subscription_required from any call', () => {
  it('opens the modal, not closeable', async () => {
    // the client logs every failed request
    expectConsole(/^Request failed: GET \/api\/contexts\//);
    server.use(apiHandler('get', '/api/contexts/', apiError(402, { detail: 'No active subscription was found.', code: 'subscription_required' })));
    const { store } = await renderWithStore(<ModalRoot />, { preloadedState: stateWithTeam(makeTeam()) });
    await act(async () => {
      await store.dispatch(api.endpoints.getApiContexts.initiate({}));
    });
    expect(await screen.findByRole('dialog', { name: TITLE })).toBeInTheDocument();
    expect(store.getState().ui.modal).toMatchObject({ name: 'subscriptionRequiredModal', isCloseable: false });
  });

  it('other 402s (not enough credits) and other errors do not', () => {
    expect(isSubscriptionRequiredError({ status: 402, data: { detail: 'No active subscription was found.', code: 'subscription_required' } })).toBe(true);
    expect(isSubscriptionRequiredError({ status: 402, data: { detail: 'Not enough credits.', code: 'insufficient_credits', balance: 0 } })).toBe(false);
    expect(isSubscriptionRequiredError({ status: 403, data: { code: 'subscription_required' } })).toBe(false);
    expect(isSubscriptionRequiredError({ status: 'FETCH_ERROR', error: 'x' })).toBe(false);
    expect(isSubscriptionRequiredError(undefined)).toBe(false);
  });
});

describe('the modal after login', () => {
  it('is not offered on the local checkout and portal pages, nor on the return from checkout', () => {
    expect(mayOfferSubscriptionAt({ pathname: '/', search: '' })).toBe(true);
    expect(mayOfferSubscriptionAt({ pathname: '/settings/subscription', search: '' })).toBe(true);
    expect(mayOfferSubscriptionAt({ pathname: '/settings/account', search: '?checkout=success' })).toBe(true);
    expect(mayOfferSubscriptionAt({ pathname: '/settings/subscription', search: '?checkout=cancel' })).toBe(false);
    expect(mayOfferSubscriptionAt({ pathname: '/settings/subscription', search: '?credits=success' })).toBe(false);
    expect(mayOfferSubscriptionAt({ pathname: '/billing/checkout/abc', search: '' })).toBe(false);
    expect(mayOfferSubscriptionAt({ pathname: '/billing/portal/acme', search: '?return_url=x' })).toBe(false);
    // a link from an email: the page's own message shows, not the modal over it
    expect(mayOfferSubscriptionAt({ pathname: '/verify-email', search: '?key=abc' })).toBe(false);
    expect(mayOfferSubscriptionAt({ pathname: '/invite/acme', search: '' })).toBe(false);
    expect(mayOfferSubscriptionAt({ pathname: '/teams/invitation/7f3a', search: '' })).toBe(false);
    expect(mayOfferSubscriptionAt({ pathname: '/settings/subscription', search: '?checkout=success' })).toBe(false);
  });
});
