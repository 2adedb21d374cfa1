import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectConsole } from '@/test/console';
import { makeContext, makeTeam, makeTrack, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { STEP } from './builder-state';
import { draftKey } from './draft';
import { makeBackground, mediaForVoicedPreview, VOICES } from './test-harness';
import { TextWallPage } from './text-wall-page';
import { SPEAK_DEBOUNCE_MS } from './use-preview-speech';

const signedIn = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, isInitialDataFetched: true, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme' }) } };
const KEY = draftKey('acme');
const BULK = '/api/text-wall-videos/bulk_create/';
const SPEAK = '/api/voices/speak/';
const bulkBody = () => sentRequests.find((r) => r.path === BULK)?.body as Record<string, unknown> | undefined;
const speakBodies = () => sentRequests.filter((r) => r.path === SPEAK).map((r) => r.body);

/** What the speech of a text is, as the API answers it: a word every 0.4 s, its audio at a URL of its own. */
function speechOf(body: { voice_id: string; text: string; speed?: number }) {
  const words = body.text.split(/\s+/).map((text, i) => ({ text, start: i * 0.4, end: i * 0.4 + 0.35 }));
  return { id: `s-${body.text.length}`, audio_url: `https://files.example/speech/${encodeURIComponent(body.text)}.m4a`, duration_seconds: words.length * 0.4, words };
}

function fakeApi() {
  server.use(
    apiHandler('get', '/api/contexts/', page([makeContext(1, 'Glow Serum')])),
    apiHandler('get', '/api/text-wall-background-videos/', page([makeBackground('bg-1', 'Sunset gradient')])),
    apiHandler('get', '/api/brand-videos/', page([])),
    apiHandler('get', '/api/voices/', { results: VOICES, transcription_available: false }),
    apiHandler('get', '/api/music-tracks/', page([])),
    apiHandler('post', SPEAK, ({ body }) => HttpResponse.json(speechOf(body))),
    apiHandler('post', BULK, ({ body }) => HttpResponse.json({ job_id: '0b9f5a40-93c1-4c3e-9d55-5f1f7f3b8a10', total: body.texts?.length ?? 0, video_ids: [] }, { status: 202 })),
  );
}

/** The builder opened from a draft (as after a reload) on `step`, with these texts and choices. */
async function openBuilder(step: number, draft: object = {}) {
  window.sessionStorage.setItem(KEY, JSON.stringify({ step, contextId: '1', texts: ['Glow in seven days', 'Your skin, brighter'], ...draft }));
  return renderWithStore(<TextWallPage />, { preloadedState: signedIn });
}

async function choose(label: string, option: string) {
  await userEvent.click(await screen.findByRole('combobox', { name: label }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

let play: ReturnType<typeof mediaForVoicedPreview>;
beforeEach(() => {
  play = mediaForVoicedPreview();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the Voice step', () => {
  it('filters the voices by language, and a chosen voice with its speed and caption style goes into the request; the length then fits the voice', { timeout: 60_000 }, async () => {
    fakeApi();
    await openBuilder(STEP.voice);
    expect(await screen.findByRole('heading', { name: 'Voice' })).toBeInTheDocument();
    const list = within(screen.getByRole('list', { name: 'Voices' }));
    expect(list.getAllByRole('radio')).toHaveLength(3);
    expect(screen.getByRole('radio', { name: /No voice/ })).toBeChecked();
    // no voice, no speed
    expect(screen.queryByLabelText(/Speed/)).not.toBeInTheDocument();

    await choose('Language', 'French');
    expect(list.getAllByRole('radio').map((r) => r.closest('div')?.textContent)).toEqual([expect.stringContaining('Amélie'), expect.stringContaining('Lucas')]);
    expect(list.getByText('French (Belgium) · Male · Offline')).toBeInTheDocument();
    await userEvent.click(list.getByRole('radio', { name: /Lucas/ }));
    const speed = screen.getByLabelText('Speed (1.0×)');
    expect(speed).toHaveAttribute('min', '0.5');
    expect(speed).toHaveAttribute('max', '2');
    expect(speed).toHaveAttribute('step', '0.1');
    fireEvent.change(speed, { target: { value: '1.3' } });
    expect(screen.getByLabelText('Speed (1.3×)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(screen.getByRole('heading', { name: 'Style' })).toBeInTheDocument();
    expect(screen.getByLabelText('Length: fits the voice')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Fit the length to the voice' })).toBeChecked();
    const captions = within(screen.getByRole('group', { name: 'Captions' }));
    expect(captions.getAllByRole('radio').map((r) => r.closest('label')?.querySelector('span')?.textContent)).toEqual(['Highlight', 'Karaoke', 'Pop', 'Plain']);
    expect(captions.getByRole('radio', { name: /Highlight/ })).toBeChecked();
    await userEvent.click(captions.getByRole('radio', { name: /Pop/ }));
    await userEvent.click(screen.getByRole('button', { name: /Create 2 videos/ }));
    await waitFor(() => expect(bulkBody()).toBeDefined());
    const body = bulkBody()!;
    expect(body).toMatchObject({ texts: ['Glow in seven days', 'Your skin, brighter'], voice: { voice_id: 'espeak:fr-be', speed: 1.3 }, captions: { style: 'pop' }, aspect: '9:16', context_id: 1 });
    // no length chosen: each video lasts its speech
    expect(body).not.toHaveProperty('duration_seconds');
  });

  it('sends the length once one is chosen, and shows the API’s refusals under the fields they name', { timeout: 40_000 }, async () => {
    fakeApi();
    let answer = 0;
    server.use(
      apiHandler('post', BULK, () =>
        ++answer === 1
          ? apiError(400, { duration_seconds: ['Text 2 takes 7.3 s to say and does not fit in 5 s: choose at least 7.3 s.'] })
          : apiError(400, { 'voice.voice_id': ['Unknown voice.'] }),
      ),
    );
    await openBuilder(STEP.style, { voiceId: 'espeak:fr' });
    await screen.findByRole('heading', { name: 'Style' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fit the length to the voice' }));
    fireEvent.change(screen.getByLabelText('Length (10 s)'), { target: { value: '5' } });
    expectConsole(/^Request failed: POST \/api\/text-wall-videos\/bulk_create\//, /^Request failed: POST \/api\/text-wall-videos\/bulk_create\//);
    await userEvent.click(screen.getByRole('button', { name: /Create 2 videos/ }));
    const length = screen.getByLabelText('Length (5 s)');
    await waitFor(() => expect(length).toHaveAccessibleDescription('Text 2 takes 7.3 s to say and does not fit in 5 s: choose at least 7.3 s.'));
    expect(length).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(length).toHaveFocus());
    expect(bulkBody()).toMatchObject({ voice: { voice_id: 'espeak:fr', speed: 1 }, captions: { style: 'highlight' }, duration_seconds: 5 });
    // the message goes once the length is changed
    fireEvent.change(length, { target: { value: '8' } });
    expect(screen.getByLabelText('Length (8 s)')).not.toHaveAttribute('aria-invalid');

    await userEvent.click(screen.getByRole('button', { name: /Create 2 videos/ }));
    // a refused voice opens the Voice step with the message under the list
    expect(await screen.findByRole('heading', { name: 'Voice' })).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Voice' })).toHaveAccessibleDescription('Unknown voice.');
  });

  it('plays a voice’s sample from its URL, one at a time, from buttons named for the voice', async () => {
    fakeApi();
    await openBuilder(STEP.voice);
    const amelie = await screen.findByRole('button', { name: 'Play the sample of Amélie' });
    const audio = document.querySelector<HTMLAudioElement>('audio#voice-sample')!;
    await userEvent.click(amelie);
    expect(audio.src).toBe(new URL(VOICES[0]!.sample_url, window.location.href).href);
    expect(play).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('button', { name: 'Stop the sample of Amélie' })).toBeInTheDocument();
    // playing another stops the first
    await userEvent.click(screen.getByRole('button', { name: 'Play the sample of Lucas' }));
    expect(audio.src).toBe(new URL(VOICES[1]!.sample_url, window.location.href).href);
    expect(screen.getByRole('button', { name: 'Play the sample of Amélie' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Stop the sample/ })).toHaveLength(1);
    // by keyboard: the stop button is reachable and stops it
    screen.getByRole('button', { name: 'Stop the sample of Lucas' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryAllByRole('button', { name: /^Stop the sample/ })).toHaveLength(0);
    // a sample that ends frees its button
    await userEvent.click(screen.getByRole('button', { name: 'Play the sample of Ava' }));
    fireEvent.ended(audio);
    expect(screen.getByRole('button', { name: 'Play the sample of Ava' })).toBeInTheDocument();
  });
});

describe('music in the Voice step', () => {
  const tracks = () => server.use(apiHandler('get', '/api/music-tracks/', page([makeTrack('t1', 'Upbeat'), makeTrack('t2', 'Calm piano', { duration_seconds: 95 })])));

  it('is No music at first; a track and its volume go into the request, and the draft keeps them across a reload', { timeout: 40_000 }, async () => {
    fakeApi();
    tracks();
    const { unmount } = await openBuilder(STEP.voice);
    const select = await screen.findByRole('combobox', { name: 'Music track' });
    expect(select).toHaveTextContent('No music');
    await choose('Music track', 'Calm piano · 1:35');
    fireEvent.change(screen.getByLabelText('Music volume (30%)'), { target: { value: '55' } });
    await waitFor(() => expect(JSON.parse(window.sessionStorage.getItem(KEY)!)).toMatchObject({ musicTrackId: 't2', musicVolume: 0.55 }));

    // a reload: the builder comes back from its draft, music included
    unmount();
    await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
    expect(await screen.findByRole('combobox', { name: 'Music track' })).toHaveTextContent('Calm piano');
    expect(screen.getByLabelText('Music volume (55%)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await userEvent.click(await screen.findByRole('button', { name: /Create 2 videos/ }));
    await waitFor(() => expect(bulkBody()).toBeDefined());
    expect(bulkBody()).toMatchObject({ music: { track_id: 't2', volume: 0.55 } });
  });

  it('a refused music opens the Voice step with the message under the picker; a track deleted since is dropped from the draft', { timeout: 40_000 }, async () => {
    fakeApi();
    tracks();
    server.use(apiHandler('post', BULK, apiError(400, { 'music.volume': ['The volume is at most 1.'] })));
    expectConsole(/^Request failed: POST \/api\/text-wall-videos\/bulk_create\//);
    const { unmount } = await openBuilder(STEP.style, { musicTrackId: 't1', musicVolume: 0.4 });
    await userEvent.click(await screen.findByRole('button', { name: /Create 2 videos/ }));
    expect(await screen.findByRole('heading', { name: 'Voice' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Music' })).getByRole('alert')).toHaveTextContent('The volume is at most 1.');
    // the message goes once the music is changed
    fireEvent.change(screen.getByLabelText('Music volume (40%)'), { target: { value: '20' } });
    expect(within(screen.getByRole('group', { name: 'Music' })).queryByRole('alert')).not.toBeInTheDocument();
    unmount();

    window.sessionStorage.clear();
    await openBuilder(STEP.voice, { musicTrackId: 'deleted-since', musicVolume: 0.4 });
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Music track' })).toHaveTextContent('No music'));
    await waitFor(() => expect(JSON.parse(window.sessionStorage.getItem(KEY)!).musicTrackId).toBeNull());
  });
});

describe('the preview with a voice', () => {
  it('asks for the previewed text’s speech once it stops changing, and gives the player its audio', { timeout: 40_000 }, async () => {
    fakeApi();
    // the first answer waits until the test has seen the preview wait for it
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      apiHandler('post', SPEAK, async ({ body }) => {
        if (speakBodies().length === 1) await held;
        return HttpResponse.json(speechOf(body));
      }),
    );
    await openBuilder(STEP.texts, { voiceId: 'espeak:fr', speed: 1.2 });
    const preview = within(screen.getByRole('complementary', { name: 'Preview' }));
    expect(await preview.findByText('Preparing the voice…')).toBeInTheDocument();
    await waitFor(() => expect(speakBodies()).toEqual([{ voice_id: 'espeak:fr', text: 'Glow in seven days', speed: 1.2 }]));
    release();
    const url = speechOf({ voice_id: 'espeak:fr', text: 'Glow in seven days' }).audio_url;
    await waitFor(() => expect(document.querySelector(`audio[src="${url}"]`)).not.toBeNull());
    expect(preview.queryByText('Preparing the voice…')).not.toBeInTheDocument();

    // typing asks once, for the text as it ends up
    const text = screen.getByRole('textbox', { name: 'Text 1' });
    await userEvent.type(text, ' now');
    await new Promise((r) => setTimeout(r, SPEAK_DEBOUNCE_MS * 2));
    await waitFor(() => expect(speakBodies()).toHaveLength(2));
    expect(speakBodies()[1]).toEqual({ voice_id: 'espeak:fr', text: 'Glow in seven days now', speed: 1.2 });
    const next = speechOf({ voice_id: 'espeak:fr', text: 'Glow in seven days now' }).audio_url;
    await waitFor(() => expect(document.querySelector(`audio[src="${next}"]`)).not.toBeNull());
  });

  it('says when the voice could not be prepared, and Retry asks again', async () => {
    fakeApi();
    let calls = 0;
    server.use(
      apiHandler('post', SPEAK, ({ body }) => (++calls === 1 ? apiError(502, { detail: 'The speech service did not answer within 30 s.', code: 'speech_failed' }) : HttpResponse.json(speechOf(body)))),
    );
    expectConsole(/^Request failed: POST \/api\/voices\/speak\//);
    await openBuilder(STEP.style, { voiceId: 'espeak:fr' });
    const alert = await screen.findByText(/The speech service did not answer within 30 s\./);
    expect(alert.closest('[role="alert"]')).toHaveTextContent('The voice could not be prepared.');
    await userEvent.click(within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: /Retry/ }));
    await waitFor(() => expect(calls).toBe(2));
    await waitFor(() => expect(screen.queryByText(/did not answer/)).not.toBeInTheDocument());
  });
});
