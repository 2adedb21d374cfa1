import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { VideoTemplate } from '@/api/api';
import { expectConsole } from '@/test/console';
import { makeBrandKit, makeContext, makeTeam, makeTemplate, makeTrack, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { makeBackground, mediaForVoicedPreview, VOICES } from './test-harness';
import { TextWallPage } from './text-wall-page';

const signedIn = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme' }), isInitialDataFetched: true } };
const DEFAULT_KIT = 'c0000000-0000-4000-8000-000000000001';
const OTHER_KIT = 'c0000000-0000-4000-8000-000000000002';
const BG = 'b0000000-0000-4000-8000-000000000001';
const TRACK = 'd0000000-0000-4000-8000-000000000001';
const JOB_ID = '0b9f5a40-93c1-4c3e-9d55-5f1f7f3b8a10';

/** A voiced square setup in a kit other than the default, with its copy options. */
const voiced = makeTemplate('a0000000-0000-4000-8000-000000000001', 'Voiced squares', {
  composition: 'text-wall',
  brand_kit_id: OTHER_KIT,
  settings: {
    background_video_ids: [BG],
    style: { preset: 'neon', fontSize: 90 },
    aspect: '1:1',
    voice: { voice_id: 'espeak:fr', speed: 1.5 },
    captions: { style: 'pop' },
    music: { track_id: TRACK, volume: 0.5 },
    end_card: true,
    count: 3,
    tone: 'urgent',
    formula: ['question'],
    language: 'fr',
  },
});

function fakeApi({ contexts = [makeContext(1, 'Tidewater Bottle 🌊'), makeContext(2, 'Older product')], templates = [voiced] }: { contexts?: ReturnType<typeof makeContext>[]; templates?: VideoTemplate[] } = {}) {
  server.use(
    apiHandler('get', '/api/contexts/', page(contexts)),
    apiHandler('get', '/api/voices/', { results: VOICES, transcription_available: false }),
    apiHandler('get', '/api/music-tracks/', page([makeTrack(TRACK, 'Sunny day')])),
    apiHandler('get', '/api/text-wall-background-videos/', page([makeBackground(BG, 'Sunset gradient')])),
    apiHandler('get', '/api/brand-videos/', page([])),
    apiHandler('get', '/api/brand-kits/', page([makeBrandKit(DEFAULT_KIT, 'Acme kit', { is_default: true }), makeBrandKit(OTHER_KIT, 'Night kit', { end_card: { enabled: true, headline: 'Night', cta: 'Shop now', url: '', seconds: 3 } })])),
    apiHandler('get', '/api/video-templates/', page(templates)),
    apiHandler('get', '/api/video-templates/{id}/', ({ params }) => {
      const found = templates.find((t) => t.id === params.id);
      return found ? HttpResponse.json(found) : apiError(404, { detail: 'Not found.' });
    }),
    apiHandler('post', '/api/text-wall-videos/generate_texts/', ({ body }) =>
      HttpResponse.json({
        texts: Array.from({ length: body.count }, (_, i) => `Tu bois encore dans du plastique ? ${i + 1}`),
        items: Array.from({ length: body.count }, (_, i) => ({ text: `Tu bois encore dans du plastique ? ${i + 1}`, formula: 'question' as const })),
        provider: 'template',
        credits_spent: 0,
        language: 'fr',
      }),
    ),
    // the preview reads the voiced template's first text
    apiHandler('post', '/api/voices/speak/', ({ body }) => {
      const words = body.text.split(/\s+/).map((text, i) => ({ text, start: i * 0.4, end: i * 0.4 + 0.35 }));
      return HttpResponse.json({ id: `s-${body.text.length}`, audio_url: `https://files.example/speech/${body.text.length}.m4a`, duration_seconds: words.length * 0.4, words });
    }),
    apiHandler('post', '/api/text-wall-videos/bulk_create/', ({ body }) => HttpResponse.json({ job_id: JOB_ID, total: body.texts?.length ?? 0, video_ids: [] }, { status: 202 })),
  );
}

const requests = (path: string) => sentRequests.filter((r) => r.path === path && r.method === 'POST');

describe('a batch started from a template', () => {
  beforeEach(() => {
    mediaForVoicedPreview();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('writes the template’s texts from the most recent product, lands on the last step, and one click makes the batch with its setup', async () => {
    fakeApi();
    const { router } = await renderWithStore(<TextWallPage />, { preloadedState: signedIn, path: `/?template=${voiced.id}` });
    expect(await screen.findByText(/Writing 3 texts from “Tidewater Bottle 🌊”…|Texts written from your product/)).toBeInTheDocument();
    const create = await screen.findByRole('button', { name: 'Create 3 videos' });
    expect(screen.getByRole('heading', { name: 'Style' })).toBeInTheDocument();
    expect(screen.getByText(/Texts written from your product/).closest('[role="status"]')).toHaveTextContent('Voiced squares: Texts written from your product');
    // the copywriter wrote as the template says, from the product the builder picks first
    expect(requests('/api/text-wall-videos/generate_texts/').map((r) => r.body)).toEqual([{ context_id: 1, count: 3, tone: 'urgent', formula: 'question', language: 'fr' }]);
    // the kit of the template, and its format, in the style step
    expect(screen.getByRole('combobox', { name: 'Brand kit' })).toHaveTextContent('Night kit');
    expect(screen.getByRole('combobox', { name: 'Format' })).toHaveTextContent('Square 1:1');

    await userEvent.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos'));
    expect(requests('/api/text-wall-videos/bulk_create/').map((r) => r.body)).toEqual([
      {
        texts: ['Tu bois encore dans du plastique ? 1', 'Tu bois encore dans du plastique ? 2', 'Tu bois encore dans du plastique ? 3'],
        background_video_ids: [BG],
        style: { ...STYLE_PRESETS.neon.style, fontSize: 90 },
        // a voice and no length: each video fits its speech, as the template was saved
        voice: { voice_id: 'espeak:fr', speed: 1.5 },
        captions: { style: 'pop' },
        brand_kit_id: OTHER_KIT,
        // the kit's end card, as the template asks
        end_card: true,
        music: { track_id: TRACK, volume: 0.5 },
        aspect: '1:1',
        context_id: 1,
      },
    ]);
    expect(router.state.location.search).toEqual({ job: JOB_ID });
  });

  it('writes nothing twice: a reload keeps the texts written, as the template’s own draft', async () => {
    fakeApi();
    const first = await renderWithStore(<TextWallPage />, { preloadedState: signedIn, path: `/?template=${voiced.id}` });
    await screen.findByRole('button', { name: 'Create 3 videos' });
    // the preview's voice is asked once the text settles: the reload comes after its answer, not
    // while it is asked (an aborted request is a logged failure, and failed the test on a slow machine)
    await screen.findByText('Turn the sound on in the player to hear the voice.', undefined, { timeout: 5_000 });
    first.unmount();
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn, path: `/?template=${voiced.id}` });
    expect(await screen.findByRole('button', { name: 'Create 3 videos' })).toBeInTheDocument();
    expect(requests('/api/text-wall-videos/generate_texts/')).toHaveLength(1);
  });

  it('without a product, waits on the Product step and writes nothing', async () => {
    fakeApi({ contexts: [] });
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn, path: `/?template=${voiced.id}` });
    expect(await screen.findByLabelText('Product name')).toBeInTheDocument();
    expect(screen.getByText(/Describe your product first/).closest('[role="status"]')).toHaveTextContent('Voiced squares: Describe your product first');
    expect(requests('/api/text-wall-videos/generate_texts/')).toHaveLength(0);
  });

  it('says why when the texts could not be written, and opens the Texts step', async () => {
    fakeApi();
    expectConsole(/^Request failed: POST \/api\/text-wall-videos\/generate_texts\//);
    server.use(apiHandler('post', '/api/text-wall-videos/generate_texts/', apiError(402, { detail: 'Not enough credits: 3 needed, 0 left.', code: 'insufficient_credits' })));
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn, path: `/?template=${voiced.id}` });
    expect(await screen.findByText('Not enough credits: 3 needed, 0 left.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Texts: one video each' })).toBeInTheDocument();
    expect(screen.getByText(/The texts could not be written/).closest('[role="status"]')).toBeInTheDocument();
  });

  it('a template that cannot be opened is said, and the builder starts from scratch', async () => {
    fakeApi();
    expectConsole(/^Request failed: GET \/api\/video-templates\//);
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn, path: '/?template=a0000000-0000-4000-8000-00000000dead' });
    expect(await screen.findByText(/This template could not be opened/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Which product are these videos for?' })).toBeInTheDocument();
    expect(requests('/api/text-wall-videos/generate_texts/')).toHaveLength(0);
  });
});

describe('templates in the builder', () => {
  it('Save as template sends the setup with the default kit by its id; a name the team has is said under the field', async () => {
    fakeApi();
    let saves = 0;
    server.use(
      apiHandler('post', '/api/video-templates/', ({ body }) =>
        ++saves === 1
          ? apiError(400, { name: [`Your team already has a template called “${body.name}”. Choose another name, or rename that one first.`] })
          : HttpResponse.json({ ...makeTemplate('a0000000-0000-4000-8000-000000000009', body.name, { composition: 'text-wall', settings: { background_video_ids: [] } }) }, { status: 201 }),
      ),
    );
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
    await userEvent.click(await screen.findByRole('button', { name: 'Save as template' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save as template' });
    const name = within(dialog).getByRole('textbox', { name: 'Name' });
    expect(name).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save template' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Name the template.');
    expect(saves).toBe(0);

    expectConsole(/^Request failed: POST \/api\/video-templates\//);
    await userEvent.type(name, 'Voiced squares{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('already has a template called “Voiced squares”');
    await userEvent.clear(name);
    await userEvent.type(name, '  Plain bold  {Enter}');
    expect(await screen.findByText('“Plain bold” is on your home page and in the template picker.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(requests('/api/video-templates/').at(-1)?.body).toEqual({
      name: 'Plain bold',
      composition: 'text-wall',
      brand_kit_id: DEFAULT_KIT,
      settings: { background_video_ids: [], style: STYLE_PRESETS.bold.style, duration_seconds: 10, aspect: '9:16', count: 10 },
    });
  });

  it('Start from a template takes its setup and keeps the texts; a kit the team no longer has is none', async () => {
    const gone = makeTemplate('a0000000-0000-4000-8000-000000000002', 'Old kit', {
      composition: 'text-wall',
      brand_kit_id: 'c0000000-0000-4000-8000-00000000dead',
      settings: { background_video_ids: [], aspect: '16:9', duration_seconds: 20, styles: [{ preset: 'clean', uppercase: true }, { preset: 'neon', uppercase: true }], combine: 'matrix' },
    });
    fakeApi({ templates: [voiced, gone] });
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
    await userEvent.click(await screen.findByRole('button', { name: /Next/ }));
    await userEvent.type(await screen.findByLabelText('Or paste texts, one per line'), 'My own hook');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    await userEvent.click(screen.getByRole('combobox', { name: 'Start from a template' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Old kit' }));
    expect(await screen.findByText('The setup of “Old kit” is in the builder; your texts and product stay.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Text 1' })).toHaveValue('My own hook');
    // the picker is ready for another choice
    expect(screen.getByRole('combobox', { name: 'Start from a template' })).toHaveTextContent('Choose a template');

    for (const next of ['Backgrounds', 'Voice', 'Style']) {
      await userEvent.click(screen.getByRole('button', { name: /Next/ }));
      await screen.findByRole('heading', { name: next });
    }
    expect(screen.getByRole('combobox', { name: 'Brand kit' })).toHaveTextContent('No brand kit');
    await userEvent.click(screen.getByRole('button', { name: /Create 2 videos/ }));
    await waitFor(() => expect(requests('/api/text-wall-videos/bulk_create/')).toHaveLength(1));
    expect(requests('/api/text-wall-videos/bulk_create/')[0]!.body).toEqual({
      texts: ['My own hook'],
      background_video_ids: [],
      combine: 'matrix',
      styles: [
        { preset: 'clean', uppercase: true },
        { preset: 'neon', uppercase: true },
      ],
      duration_seconds: 20,
      brand_kit_id: null,
      aspect: '16:9',
      context_id: 1,
    });
  });

  it('a team without templates sees the picker say so', async () => {
    fakeApi({ templates: [] });
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
    const picker = await screen.findByRole('combobox', { name: 'Start from a template' });
    await waitFor(() => expect(picker).toHaveTextContent('No templates yet'));
    expect(picker).toBeDisabled();
    // the builder's list asks for its own composition only
    expect(sentRequests.find((r) => r.path === '/api/video-templates/')?.params.get('composition')).toBe('text-wall');
  });
});
