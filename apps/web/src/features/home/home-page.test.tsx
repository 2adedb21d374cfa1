import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderWithStore } from '@/test/render';
import { HomePage } from './home-page';

const team = { id: 1, slug: 'acme', name: 'Acme' } as never;
const user = { id: 1, first_name: 'Olivia', get_display_name: 'Olivia Park' } as never;
const preloadedState = {
  ui: { modal: { name: null, isOpen: false, isCloseable: true }, currentTeam: team, isInitialDataFetched: true },
  session: { user } as never,
};

/** /api/contexts/ and /api/brand-videos/ answering with the given counts. */
function fakeCounts(contexts: number, demos: number) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: Request) => {
      const url = new URL(input.url);
      if (url.pathname === '/api/contexts/') return jsonResponse({ count: contexts, next: null, previous: null, results: [] });
      if (url.pathname === '/api/brand-videos/') {
        expect(url.searchParams.get('kind')).toBe('product_demo');
        return jsonResponse({ count: demos, next: null, previous: null, results: [] });
      }
      if (url.pathname === '/api/text-wall-videos/' || url.pathname === '/api/composite-videos/') return jsonResponse({ count: 0, next: null, previous: null, results: [] });
      if (url.pathname === '/a/acme/subscription/api/credits/balance/') return jsonResponse({ balance: 0, granted_this_period: 0, period_end: null });
      return jsonResponse({ detail: 'Not found' }, 404);
    }),
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('home page', () => {
  it('welcomes a new team (not "back") with no step ticked', async () => {
    fakeCounts(0, 0);
    await renderWithStore(<HomePage />, { preloadedState });
    // the answer is in before the title is judged
    await waitFor(() => expect(screen.getByRole('list', { name: 'Get started' })).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('heading', { name: 'Welcome, Olivia' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Add your product context' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Upload a product demo' })).toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
  });

  it('ticks each step that is done and welcomes the user back', async () => {
    fakeCounts(2, 0);
    await renderWithStore(<HomePage />, { preloadedState });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Olivia' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Add your product context (done)' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Upload a product demo' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Create your first videos' })).toBeInTheDocument();
  });
});
