import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeContext, makeTeam, page } from '@/test/fixtures';
import { apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { draftKey, loadDraft } from './draft';
import { makeBackground, mediaForVoicedPreview, VOICES } from './test-harness';
import { TextWallPage } from './text-wall-page';

const signedIn = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, isInitialDataFetched: true, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme' }) } };
const KEY = draftKey('acme');

beforeEach(() => void mediaForVoicedPreview());
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

function fakeApi() {
  server.use(
    apiHandler('get', '/api/contexts/', page([makeContext(1, 'Tidewater Bottle 🌊'), makeContext(2, 'Glow Serum')])),
    apiHandler('get', '/api/voices/', { results: VOICES, transcription_available: false }),
    apiHandler('get', '/api/music-tracks/', page([])),
    apiHandler('post', '/api/voices/speak/', ({ body }) => HttpResponse.json({ id: 's1', audio_url: 'https://files.example/speech.m4a', duration_seconds: 2, words: body.text.split(/\s+/).map((text, i) => ({ text, start: i * 0.3, end: i * 0.3 + 0.25 })) })),
    apiHandler('get', '/api/text-wall-background-videos/', page([makeBackground('bg-1', 'Sunset gradient'), makeBackground('bg-2', 'Ocean blur')])),
    apiHandler('get', '/api/brand-videos/', page([])),
    apiHandler('post', '/api/text-wall-videos/bulk_create/', ({ body }) => HttpResponse.json({ job_id: '0b9f5a40-93c1-4c3e-9d55-5f1f7f3b8a10', total: body.texts?.length ?? 0, video_ids: [] }, { status: 202 })),
  );
}

const step = (name: string) => within(screen.getByRole('list', { name: 'Steps' })).getByRole('button', { name: new RegExp(name) });

async function choose(label: string, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

/** Opens the builder on the texts step and adds texts through the paste box. */
async function builderWithTexts(paste: string) {
  const rendered = await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
  await userEvent.click(await screen.findByRole('button', { name: /Next/ }));
  await userEvent.type(await screen.findByLabelText('Or paste texts, one per line'), paste);
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
  return rendered;
}

describe('the builder’s draft', () => {
  it('survives a remount (a reload) with its texts and choices, and is cleared once the videos are created', { timeout: 45_000 }, async () => {
    fakeApi();
    const first = await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
    await choose('Product context', 'Glow Serum');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.click(await screen.findByRole('radio', { name: /One video per block/ }));
    await userEvent.type(screen.getByLabelText('Or paste texts, one per block'), 'Hook one{enter}second line{enter}{enter}Hook two 🌊');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Use Ocean blur' }));
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.click(await screen.findByRole('radio', { name: /Amélie/ }));
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await choose('Format', 'Square 1:1 (feed)');
    await userEvent.click(screen.getByRole('radio', { name: /Karaoke/ }));
    await waitFor(() => expect(loadDraft(KEY)).toMatchObject({ aspect: '1:1' }));
    // in this tab's storage: local storage keeps only its own keys (docs/ui.md)
    expect(Object.keys(window.localStorage)).toEqual([]);
    first.unmount();

    await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
    // back where the user was, with what they chose
    expect(await screen.findByRole('heading', { name: 'Style' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Format' })).toHaveTextContent('Square 1:1 (feed)');
    expect(screen.getByRole('radio', { name: /Karaoke/ })).toBeChecked();
    await userEvent.click(step('Voice'));
    expect(await screen.findByRole('radio', { name: /Amélie/ })).toBeChecked();
    await userEvent.click(step('Texts'));
    expect(screen.getByRole('textbox', { name: 'Text 1' })).toHaveValue('Hook one\nsecond line');
    expect(screen.getByRole('textbox', { name: 'Text 2' })).toHaveValue('Hook two 🌊');
    expect(screen.getByRole('radio', { name: /One video per block/ })).toBeChecked();
    await userEvent.click(step('Backgrounds'));
    expect(await screen.findByRole('checkbox', { name: 'Use Ocean blur' })).toBeChecked();
    await userEvent.click(step('Product'));
    expect(await screen.findByRole('combobox', { name: 'Product context' })).toHaveTextContent('Glow Serum');

    await userEvent.click(step('Style'));
    await userEvent.click(screen.getByRole('button', { name: /Create 2 videos/ }));
    await waitFor(() => expect(sentRequests.find((r) => r.path === '/api/text-wall-videos/bulk_create/')?.body).toMatchObject({ texts: ['Hook one\nsecond line', 'Hook two 🌊'], background_video_ids: ['bg-2'], aspect: '1:1', context_id: 2, voice: { voice_id: 'espeak:fr', speed: 1 }, captions: { style: 'karaoke' } }));
    await waitFor(() => expect(window.sessionStorage.getItem(KEY)).toBeNull());
  });

  it('is kept per team, and a copy of a video keeps its own', async () => {
    fakeApi();
    const first = await builderWithTexts('For Acme');
    first.unmount();
    const other = { ui: { ...signedIn.ui, currentTeam: makeTeam({ id: 2, slug: 'other', name: 'Other' }) } };
    await renderWithStore(<TextWallPage />, { preloadedState: other });
    await userEvent.click(await screen.findByRole('button', { name: /Next/ }));
    expect(await screen.findByText('No texts yet: generate them from your product, paste them or upload a file.')).toBeInTheDocument();
    expect(loadDraft(KEY)?.texts).toEqual(['For Acme']);
    expect(draftKey('acme', 'v1')).not.toBe(KEY);
  });

  it('drops what is not valid in a stored draft instead of breaking the builder', async () => {
    fakeApi();
    window.sessionStorage.setItem(KEY, JSON.stringify({ step: 9, texts: ['Kept', 4], aspect: '4:3', duration: 30, copyOptions: { tone: 'evil', formula: 'any', language: 'any' } }));
    expect(loadDraft(KEY)).toEqual({ duration: 30 });
    window.sessionStorage.setItem(KEY, '{not json');
    expect(loadDraft(KEY)).toBeNull();
    window.sessionStorage.setItem(KEY, JSON.stringify({ step: 1, texts: ['Kept'], duration: 30 }));
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
    expect(await screen.findByRole('textbox', { name: 'Text 1' })).toHaveValue('Kept');
  });
});

describe('leaving the builder', () => {
  it('asks first when there are texts; Stay stays, Keep draft and leave leaves with the draft kept', async () => {
    fakeApi();
    const { router } = await builderWithTexts('Hook one{enter}Hook two');
    router.history.push('/videos');
    const dialog = await screen.findByRole('dialog', { name: 'Leave without creating the videos?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByRole('textbox', { name: 'Text 2' })).toHaveValue('Hook two');

    router.history.push('/videos');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep draft and leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos'));
    expect(loadDraft(KEY)?.texts).toEqual(['Hook one', 'Hook two']);
  });

  it('Discard and leave throws the draft away', async () => {
    fakeApi();
    const { router } = await builderWithTexts('Only hook');
    router.history.push('/videos');
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Discard and leave' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos'));
    expect(window.sessionStorage.getItem(KEY)).toBeNull();
  });

  it('does not ask when there is nothing to lose', async () => {
    fakeApi();
    const { router } = await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
    await screen.findByRole('button', { name: /Next/ });
    router.history.push('/videos');
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
