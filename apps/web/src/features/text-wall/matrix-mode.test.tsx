import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeContext, makeTeam, page } from '@/test/fixtures';
import { apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { draftKey, loadDraft } from './draft';
import { STEP } from './builder-state';
import { makeBackground, VOICES } from './test-harness';
import { TextWallPage } from './text-wall-page';

const signedIn = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, isInitialDataFetched: true, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme' }) } };
const KEY = draftKey('acme');
const BULK = '/api/text-wall-videos/bulk_create/';

function fakeApi() {
  server.use(
    apiHandler('get', '/api/contexts/', page([makeContext(1, 'Glow Serum')])),
    apiHandler('get', '/api/voices/', { results: VOICES, transcription_available: false }),
    apiHandler('get', '/api/music-tracks/', page([])),
    apiHandler('get', '/api/text-wall-background-videos/', page([makeBackground('bg-1', 'Sunset gradient'), makeBackground('bg-2', 'Ocean blur')])),
    apiHandler('post', BULK, () => HttpResponse.json({ job_id: '0b9f5a40-93c1-4c3e-9d55-5f1f7f3b8a10', total: 1, video_ids: [] }, { status: 202 })),
  );
}

/** The builder opened on its Style step from a draft (as after a reload), with these texts and choices. */
async function onStyleStep(draft: object) {
  window.sessionStorage.setItem(KEY, JSON.stringify({ step: STEP.style, contextId: '1', ...draft }));
  const rendered = await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
  await screen.findByRole('heading', { name: 'Style' });
  return rendered;
}

const sent = () => sentRequests.find((r) => r.path === BULK)?.body as Record<string, unknown> | undefined;

describe('the test matrix', () => {
  it('shows the count before creating, and sends combine and the chosen styles with the common changes', async () => {
    fakeApi();
    await onStyleStep({ texts: ['Hook A', 'Hook B', 'Hook C'], backgroundIds: ['bg-1', 'bg-2'] });
    // in turn by default: one video per text, no sum
    expect(screen.getByRole('radio', { name: 'Use backgrounds in turn' })).toBeChecked();
    expect(screen.getByRole('button', { name: /Create 3 videos/ })).toBeEnabled();
    expect(screen.queryByText(/=/)).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: 'Every combination (test matrix)' }));
    expect(screen.getByText('3 texts × 2 backgrounds × 1 style = 6 videos')).toBeInTheDocument();
    // the style's own preset is the first, and cannot be taken away while it is the only one
    expect(screen.getByRole('checkbox', { name: 'Bold' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bold' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Neon' }));
    expect(screen.getByText('3 texts × 2 backgrounds × 2 styles = 12 videos')).toBeInTheDocument();
    expect(screen.getByText(/12 videos so far/)).toBeInTheDocument();
    // a change in the style editor is common to every style
    fireEvent.change(screen.getByLabelText(/^Text size/), { target: { value: '150' } });
    await userEvent.click(screen.getByRole('button', { name: /Create 12 videos/ }));
    await waitFor(() => expect(sent()).toBeDefined());
    expect(sent()).toEqual({
      texts: ['Hook A', 'Hook B', 'Hook C'],
      background_video_ids: ['bg-1', 'bg-2'],
      combine: 'matrix',
      styles: [
        { preset: 'bold', fontSize: 150 },
        { preset: 'neon', fontSize: 150 },
      ],
      duration_seconds: 10,
      aspect: '9:16',
      context_id: 1,
    });
  });

  it('refuses a matrix of more than 200 videos with a clear message, until something is taken away', async () => {
    fakeApi();
    const texts = Array.from({ length: 34 }, (_, i) => `Hook ${i + 1}`);
    await onStyleStep({ texts, combine: 'matrix', matrixPresets: ['bold', 'boxed', 'punchy', 'clean', 'elegant', 'neon'] });
    expect(screen.getByText('34 texts × 1 background (the gradient) × 6 styles = 204 videos')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('That is 204 videos; at most 200 in one go. Choose fewer texts, backgrounds or styles.');
    const create = screen.getByRole('button', { name: /Create 204 videos/ });
    expect(create).toBeDisabled();
    expect(create).toHaveAccessibleDescription(/at most 200 in one go/);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Elegant' }));
    expect(screen.getByText('34 texts × 1 background (the gradient) × 5 styles = 170 videos')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Create 170 videos/ })).toBeEnabled();
  });

  it('keeps the combine choice and the styles in the draft across a reload; in turn sends one style as before', async () => {
    fakeApi();
    const first = await onStyleStep({ texts: ['Only hook'] });
    await userEvent.click(screen.getByRole('radio', { name: 'Every combination (test matrix)' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Elegant' }));
    await waitFor(() => expect(loadDraft(KEY)).toMatchObject({ combine: 'matrix', matrixPresets: ['bold', 'elegant'] }));
    first.unmount();

    await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
    expect(await screen.findByRole('radio', { name: 'Every combination (test matrix)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Bold' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Elegant' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Neon' })).not.toBeChecked();
    expect(screen.getByText('1 text × 1 background (the gradient) × 2 styles = 2 videos')).toBeInTheDocument();

    // back to in turn: the request is the one the builder always sent
    await userEvent.click(screen.getByRole('radio', { name: 'Use backgrounds in turn' }));
    await userEvent.click(screen.getByRole('button', { name: /Create 1 video/ }));
    await waitFor(() => expect(sent()).toBeDefined());
    expect(sent()).toMatchObject({ texts: ['Only hook'], style: { preset: 'bold' } });
    expect(sent()).not.toHaveProperty('styles');
    expect(sent()).not.toHaveProperty('combine');
  });

  it('drops a stored matrix that is not valid', () => {
    window.sessionStorage.setItem(KEY, JSON.stringify({ combine: 'every', matrixPresets: ['bold', 'bold'], duration: 20 }));
    expect(loadDraft(KEY)).toEqual({ duration: 20 });
    window.sessionStorage.setItem(KEY, JSON.stringify({ combine: 'matrix', matrixPresets: ['neon', 'clean'] }));
    expect(loadDraft(KEY)).toEqual({ combine: 'matrix', matrixPresets: ['neon', 'clean'] });
  });
});
