import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '@/test/console';
import { makeBrandKit as makeKit, makeContext, makeTeam, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { makeBackground, VOICES } from './test-harness';
import { TextWallPage } from './text-wall-page';

/**
 * The Style step's "End card" switch: enabled when the chosen kit's end card is on, sent as
 * `end_card: true`, shown in the live preview after the wall; the API's refusal under it.
 */
const signedIn = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, isInitialDataFetched: true, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme' }) } };

const GLOW = makeKit('k-glow', 'Glow', { is_default: true, end_card: { enabled: true, headline: 'Glow Serum', cta: 'Shop now', url: 'glow.example', seconds: 2 } });
const PLAIN = makeKit('k-plain', 'Plain', { end_card: { enabled: false, headline: 'Plain Co', cta: 'Visit', url: '', seconds: 3 } });

function fakeApi() {
  server.use(
    apiHandler('get', '/api/contexts/', page([makeContext(1, 'Glow Serum')])),
    apiHandler('get', '/api/voices/', { results: VOICES, transcription_available: false }),
    apiHandler('get', '/api/music-tracks/', page([])),
    apiHandler('get', '/api/text-wall-background-videos/', page([makeBackground('bg-1', 'Sunset gradient')])),
    apiHandler('get', '/api/brand-videos/', page([])),
    apiHandler('get', '/api/brand-kits/', page([GLOW, PLAIN])),
    apiHandler('get', '/api/brand-fonts/', page([])),
  );
}

async function toStyleStep() {
  await renderWithStore(<TextWallPage />, { preloadedState: signedIn });
  await userEvent.click(await screen.findByRole('button', { name: /Next/ }));
  await userEvent.type(await screen.findByLabelText('Or paste texts, one per line'), 'Glow in seven days');
  await userEvent.click(screen.getByRole('button', { name: 'Add' }));
  await userEvent.click(screen.getByRole('button', { name: /Next/ }));
  await userEvent.click(await screen.findByRole('checkbox', { name: 'Use Sunset gradient' }));
  await userEvent.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('radio', { name: /No voice/ });
  await userEvent.click(screen.getByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Style' });
}

async function chooseKit(option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Brand kit' }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

const bulkBody = () => sentRequests.find((r) => r.path === '/api/text-wall-videos/bulk_create/')?.body as Record<string, unknown> | undefined;

describe('the end card switch', () => {
  it("closes each video with the chosen kit's card: off by default, previewed after the wall, sent as end_card: true", async () => {
    fakeApi();
    server.use(apiHandler('post', '/api/text-wall-videos/bulk_create/', ({ body }) => HttpResponse.json({ job_id: '0b9f5a40-93c1-4c3e-9d55-5f1f7f3b8a10', total: body.texts?.length ?? 0, video_ids: [] }, { status: 202 })));
    await toStyleStep();
    const toggle = await screen.findByRole('switch', { name: 'End card' });
    // the default kit's card is on: the switch may be turned on, and says what it adds
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription('Adds 2 s after each wall: Glow Serum · Shop now · glow.example.');
    // the preview lasts the wall (10 s), then the card's 2 s once the switch is on
    const preview = screen.getByRole('region', { name: 'Live preview' });
    expect(preview).toHaveTextContent(/\/ 0:10$/);
    await userEvent.click(toggle);
    expect(toggle).toBeChecked();
    await waitFor(() => expect(preview).toHaveTextContent(/\/ 0:12$/));

    // a kit whose card is off: the switch is off and disabled, and says why; the preview is the wall alone
    await chooseKit('Plain');
    expect(toggle).toBeDisabled();
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/This kit has no end card: turn it on/);
    await waitFor(() => expect(preview).toHaveTextContent(/\/ 0:10$/));
    await chooseKit('No brand kit');
    expect(toggle).toHaveAccessibleDescription('Choose a brand kit whose end card is on to close each video with it.');
    // back to a kit with a card: the choice was kept
    await chooseKit('Glow (default)');
    expect(toggle).toBeChecked();
    await waitFor(() => expect(preview).toHaveTextContent(/\/ 0:12$/));

    await userEvent.click(screen.getByRole('button', { name: /Create 1 video$/ }));
    await waitFor(() => expect(bulkBody()).toBeDefined());
    expect(bulkBody()).toMatchObject({ texts: ['Glow in seven days'], end_card: true });
    // the default kit is left to the API (no brand_kit_id), whose card it takes
    expect(bulkBody()).not.toHaveProperty('brand_kit_id');
  });

  it("sends no card for a kit without one, and shows the API's refusal under the switch", async () => {
    fakeApi();
    let answer = 0;
    server.use(
      apiHandler('post', '/api/text-wall-videos/bulk_create/', ({ body }) =>
        answer++ === 0 ? apiError(400, { end_card: ['The brand kit’s end card is off: turn it on on the Brand page, or send the card’s headline, cta or url.'] }) : HttpResponse.json({ job_id: '0b9f5a40-93c1-4c3e-9d55-5f1f7f3b8a10', total: body.texts?.length ?? 0, video_ids: [] }, { status: 202 }),
      ),
    );
    await toStyleStep();
    const toggle = await screen.findByRole('switch', { name: 'End card' });
    await waitFor(() => expect(toggle).toBeEnabled());
    await userEvent.click(toggle);
    // the kit's card was turned off elsewhere since the list was read: the API says so, under the switch
    expectConsole(/Request failed: POST \/api\/text-wall-videos\/bulk_create\//);
    await userEvent.click(screen.getByRole('button', { name: /Create 1 video$/ }));
    const error = await screen.findByText(/end card is off: turn it on on the Brand page/, { selector: '#wizard-end-card-error' });
    expect(toggle).toHaveAttribute('aria-invalid', 'true');
    expect(toggle).toHaveAccessibleDescription(error.textContent!);
    // turning it off clears the message; a kit with no card sends none
    await userEvent.click(toggle);
    expect(screen.queryByText(/end card is off/, { selector: '#wizard-end-card-error' })).not.toBeInTheDocument();
    await userEvent.click(toggle);
    await chooseKit('Plain');
    await userEvent.click(screen.getByRole('button', { name: /Create 1 video$/ }));
    await waitFor(() => expect(sentRequests.filter((r) => r.path === '/api/text-wall-videos/bulk_create/')).toHaveLength(2));
    const second = sentRequests.filter((r) => r.path === '/api/text-wall-videos/bulk_create/')[1]!.body as Record<string, unknown>;
    expect(second).toMatchObject({ brand_kit_id: 'k-plain' });
    expect(second).not.toHaveProperty('end_card');
  });
});
