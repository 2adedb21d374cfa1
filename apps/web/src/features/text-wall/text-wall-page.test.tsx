import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '@/test/console';
import { makeContext, makeTeam, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { makeBackground, makeTextWall, VOICES } from './test-harness';
import { TextWallPage } from './text-wall-page';

const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, isInitialDataFetched: true } };

function fakeApi() {
  server.use(
    apiHandler('get', '/api/contexts/', page([makeContext(1, 'Tidewater Bottle 🌊')])),
    apiHandler('get', '/api/voices/', { results: VOICES, transcription_available: false }),
    apiHandler('get', '/api/music-tracks/', page([])),
    apiHandler('get', '/api/text-wall-background-videos/', page([])),
    apiHandler('get', '/api/brand-videos/', page([])),
    apiHandler('post', '/api/text-wall-videos/generate_texts/', ({ body }) =>
      body.formula === 'comparison'
        ? apiError(400, { detail: 'This product context gives nothing to write these formulas from. Choose other formulas, or say more about the product (what it does, the problem it removes, its numbers).', code: 'copywriter_failed' })
        : HttpResponse.json({
            texts: ['Before: single-use plastic bottles.\nAfter: Tidewater Bottle 🌊'],
            items: [{ text: 'Before: single-use plastic bottles.\nAfter: Tidewater Bottle 🌊', formula: 'before_after' }],
            provider: 'template',
            credits_spent: 0,
            language: 'en',
          }),
    ),
  );
}

const signedIn = { ui: { ...preloadedState.ui, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme' }) } };

async function toTextsStep() {
  const rendered = await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
  await userEvent.click(await screen.findByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Texts: one video each' });
  return rendered;
}

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

describe('generating texts', () => {
  it('sends the tone, formula and language chosen, and says how many texts came back and in which language', async () => {
    fakeApi();
    await toTextsStep();
    expect(screen.getByRole('combobox', { name: 'Tone' })).toHaveTextContent('Any tone');
    expect(screen.getByRole('combobox', { name: 'Formula' })).toHaveTextContent('All formulas');
    await choose('Tone', 'Urgent');
    await choose('Formula', 'Before / after');
    await choose('Language', 'English');
    await userEvent.click(screen.getByRole('button', { name: /Generate texts/ }));
    await waitFor(() => expect(sentRequests.find((r) => r.path === '/api/text-wall-videos/generate_texts/')).toBeDefined());
    expect(sentRequests.find((r) => r.path === '/api/text-wall-videos/generate_texts/')!.body).toEqual({ context_id: 1, count: 10, tone: 'urgent', formula: 'before_after', language: 'en' });
    expect(await screen.findByRole('textbox', { name: 'Text 1' })).toHaveValue('Before: single-use plastic bottles.\nAfter: Tidewater Bottle 🌊');
    expect(await screen.findByText(/1 new text in English \(the description gave 1 that pass our checks\)/)).toBeInTheDocument();
  });

  it('sends no filter when none is chosen, and shows why when the context cannot fill a formula', async () => {
    fakeApi();
    await toTextsStep();
    await userEvent.click(screen.getByRole('button', { name: /Generate texts/ }));
    await waitFor(() => expect(sentRequests.filter((r) => r.path === '/api/text-wall-videos/generate_texts/')).toHaveLength(1));
    expect(sentRequests.find((r) => r.path === '/api/text-wall-videos/generate_texts/')!.body).toEqual({ context_id: 1, count: 10 });

    await choose('Formula', 'Comparison');
    expectConsole(/^Request failed: POST \/api\/text-wall-videos\/generate_texts\//);
    await userEvent.click(screen.getByRole('button', { name: /Generate texts/ }));
    expect(await screen.findByText(/gives nothing to write these formulas from/)).toBeInTheDocument();
  });
});

const JOB_ID = '0b9f5a40-93c1-4c3e-9d55-5f1f7f3b8a10';
const SOURCE_ID = '6c4d1e2a-7b1f-4a53-8f0e-2a1b3c4d5e6f';

function bulkCreateAnswers() {
  server.use(apiHandler('post', '/api/text-wall-videos/bulk_create/', ({ body }) => HttpResponse.json({ job_id: JOB_ID, total: body.texts?.length ?? 0, video_ids: [] }, { status: 202 })));
}
const bulkBody = () => sentRequests.find((r) => r.path === '/api/text-wall-videos/bulk_create/')?.body;
const step = (name: string) => within(screen.getByRole('list', { name: 'Steps' })).getByRole('button', { name: new RegExp(name) });

describe('the whole builder', () => {
  it('goes from the product to the texts, backgrounds and style, then queues one video per text and opens its job', async () => {
    fakeApi();
    server.use(apiHandler('get', '/api/text-wall-background-videos/', page([makeBackground('bg-1', 'Sunset gradient')])));
    bulkCreateAnswers();
    const { router } = await toTextsStep();
    // no text yet: neither Next nor the stepper opens the backgrounds step
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(step('Backgrounds')).toBeDisabled();
    expect(step('Style')).toBeDisabled();

    await userEvent.type(screen.getByLabelText('Or paste texts, one per line'), 'Hook one{enter}Hook two');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByText(/2 videos so far\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Use Sunset gradient' }));
    expect(screen.getByText('1 chosen: used in turn')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    // silent unless a voice is chosen
    expect(await screen.findByRole('radio', { name: /No voice/ })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByRole('heading', { name: 'Style' })).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Captions' })).not.toBeInTheDocument();
    await choose('Format', 'Square 1:1 (feed)');
    await userEvent.click(screen.getByRole('button', { name: /Create 2 videos/ }));

    expect(await screen.findByText('2 videos queued for rendering.')).toBeInTheDocument();
    expect(bulkBody()).toEqual({ texts: ['Hook one', 'Hook two'], background_video_ids: ['bg-1'], style: STYLE_PRESETS.bold.style, duration_seconds: 10, aspect: '1:1', context_id: 1 });
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos'));
    expect(router.state.location.search).toEqual({ job: JOB_ID });
  });

  it('closes the backgrounds step again when every text is removed', async () => {
    fakeApi();
    await toTextsStep();
    await userEvent.click(screen.getByRole('button', { name: /Add a text/ }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Text 1' }), 'Only hook');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('heading', { name: 'Backgrounds' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Remove text 1' }));
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
    expect(step('Backgrounds')).toBeDisabled();
    // a blank text is no text
    await userEvent.click(screen.getByRole('button', { name: /Add a text/ }));
    expect(screen.getByRole('button', { name: /Next/ })).toBeDisabled();
  });

  it('creates the product context written inline before writing texts from it', async () => {
    fakeApi();
    server.use(
      apiHandler('get', '/api/contexts/', page([])),
      apiHandler('post', '/api/contexts/', ({ body }) => HttpResponse.json(makeContext(9, body.name, body.content), { status: 201 })),
    );
    bulkCreateAnswers();
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
    // no context yet: the product is described here
    expect(await screen.findByLabelText('Product name')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Generate texts/ }));
    expect(await screen.findByText('Describe the product first')).toBeInTheDocument();
    expect(sentRequests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await userEvent.click(step('Product'));
    await userEvent.type(await screen.findByLabelText('Product name'), 'Glow Serum');
    await userEvent.type(screen.getByLabelText('What it does and what makes it special'), 'A glow in 7 days');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Generate texts/ }));
    expect(await screen.findByRole('textbox', { name: 'Text 1' })).toBeInTheDocument();
    expect(sentRequests.find((r) => r.path === '/api/contexts/' && r.method === 'POST')?.body).toEqual({ name: 'Glow Serum', type: 'product', content: 'A glow in 7 days' });
    expect(sentRequests.find((r) => r.path === '/api/text-wall-videos/generate_texts/')?.body).toEqual({ context_id: 9, count: 10 });

    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Next/ }));
    await screen.findByRole('heading', { name: 'Voice' });
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Create 1 video$/ }));
    await waitFor(() => expect(bulkBody()).toMatchObject({ context_id: 9 }));
  });

  it('starts from a copy of a video: its text, background, context and style, on the texts step', async () => {
    fakeApi();
    const source = makeTextWall(SOURCE_ID, { text: 'Copied hook', background_video_id: 'bg-1', context_id: 1, aspect: '16:9', duration_seconds: 20, style: STYLE_PRESETS.neon.style });
    server.use(
      apiHandler('get', '/api/text-wall-background-videos/', page([makeBackground('bg-1', 'Sunset gradient')])),
      apiHandler('get', '/api/text-wall-videos/{id}/', ({ params }) => HttpResponse.json({ ...source, id: params.id })),
    );
    bulkCreateAnswers();
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn, path: `/?from=${SOURCE_ID}` });
    expect(await screen.findByRole('heading', { name: 'Texts: one video each' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Text 1' })).toHaveValue('Copied hook');
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('checkbox', { name: 'Use Sunset gradient' })).toBeChecked();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    await userEvent.click(await screen.findByRole('button', { name: /Next/ }));
    expect(screen.getByLabelText('Length (20 s)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Create 1 video$/ }));
    await waitFor(() =>
      expect(bulkBody()).toEqual({ texts: ['Copied hook'], background_video_ids: ['bg-1'], style: STYLE_PRESETS.neon.style, duration_seconds: 20, aspect: '16:9', context_id: 1, brand_kit_id: null }),
    );
  });

  it('makes more like the winners: the video’s setup without its text, and texts written like the winners’', async () => {
    fakeApi();
    const source = makeTextWall(SOURCE_ID, { text: 'Winning hook ✨', background_video_id: 'bg-1', context_id: 1, style: STYLE_PRESETS.neon.style });
    const other = '22222222-2222-4222-8222-222222222222';
    server.use(
      apiHandler('get', '/api/text-wall-background-videos/', page([makeBackground('bg-1', 'Sunset gradient')])),
      apiHandler('get', '/api/text-wall-videos/{id}/', ({ params }) => HttpResponse.json({ ...source, id: params.id })),
    );
    bulkCreateAnswers();
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn, path: `/?from=${SOURCE_ID}&like=${SOURCE_ID},${other}` });
    expect(await screen.findByRole('heading', { name: 'Texts: one video each' })).toBeInTheDocument();
    // the winner's text is not copied: new ones are written like it
    expect(screen.getByRole('textbox', { name: 'Text 1' })).toHaveValue('');
    expect(screen.getByText(/More like the 2 winning videos/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate texts like the winners' }));
    await waitFor(() => expect(sentRequests.find((r) => r.path === '/api/text-wall-videos/generate_texts/')).toBeDefined());
    expect(sentRequests.find((r) => r.path === '/api/text-wall-videos/generate_texts/')!.body).toMatchObject({ context_id: 1, like_video_ids: [SOURCE_ID, other] });
    expect(await screen.findByDisplayValue(/Before: single-use plastic bottles/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await screen.findByRole('checkbox', { name: 'Use Sunset gradient' })).toBeChecked();
  });
});
