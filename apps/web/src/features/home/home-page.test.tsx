import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { initialSessionState } from '@/app/session-slice';
import { makeTeam, makeTemplate, makeUser, page } from '@/test/fixtures';
import { apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { HomePage } from './home-page';

const team = makeTeam({ id: 1, slug: 'acme', name: 'Acme' });
const user = makeUser({ id: 1, first_name: 'Olivia', get_display_name: 'Olivia Park' });
const preloadedState = {
  ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: team, isInitialDataFetched: true },
  session: { ...initialSessionState(), user },
};

/** The counts of contexts and product demos the API answers (the rows themselves do not matter here). */
function fakeCounts(contexts: number, demos: number) {
  server.use(
    apiHandler('get', '/api/contexts/', page([], { count: contexts })),
    apiHandler('get', '/api/brand-videos/', page([], { count: demos })),
    apiHandler('get', '/api/text-wall-videos/', page([])),
    apiHandler('get', '/api/composite-videos/', page([])),
    apiHandler('get', '/a/{teamSlug}/subscription/api/credits/balance/', { balance: 0, granted_this_period: 0, period_end: null }),
  );
}

describe('home page', () => {
  it('welcomes a new team (not "back") with no step ticked', async () => {
    fakeCounts(0, 0);
    await renderWithStore(<HomePage />, { preloadedState });
    // the answer is in before the title is judged
    await waitFor(() => expect(screen.getByRole('list', { name: 'Get started' })).toHaveAttribute('aria-busy', 'false'));
    expect(screen.getByRole('heading', { name: 'Welcome, Olivia' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Add your product context' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Upload a product demo' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Create your first videos' })).toBeInTheDocument();
    expect(screen.queryByRole('listitem', { name: /\(done\)$/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument();
    // the demo step counts product demos only
    expect(sentRequests.find((r) => r.path === '/api/brand-videos/')?.params.get('kind')).toBe('product_demo');
  });

  it('ticks each step that is done and welcomes the user back', async () => {
    fakeCounts(2, 0);
    await renderWithStore(<HomePage />, { preloadedState });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Olivia' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Add your product context (done)' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Upload a product demo' })).toBeInTheDocument();
    expect(screen.getByRole('listitem', { name: 'Create your first videos' })).toBeInTheDocument();
  });

  it('lists the team’s templates, each a link to a batch with its setup; none yet is said', async () => {
    fakeCounts(1, 1);
    await renderWithStore(<HomePage />, { preloadedState });
    const section = await screen.findByRole('region', { name: 'Templates' });
    expect(await within(section).findByText(/No templates yet/)).toBeInTheDocument();
  });

  it('opens a template in its builder from the home page', async () => {
    fakeCounts(1, 1);
    const template = makeTemplate('a0000000-0000-4000-8000-000000000001', 'Spring sale', { composition: 'text-wall', settings: { background_video_ids: [], count: 5 } });
    server.use(apiHandler('get', '/api/video-templates/', page([template])));
    const { router } = await renderWithStore(<HomePage />, { preloadedState });
    const section = await screen.findByRole('region', { name: 'Templates' });
    const link = await within(section).findByRole('link', { name: 'Spring sale' });
    expect(link).toHaveAccessibleDescription('Text walls · 9:16 · 5 texts · no brand kit');
    await userEvent.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/create/text-wall'));
    expect(router.state.location.search).toEqual({ template: template.id });
  });
});
