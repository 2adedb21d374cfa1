import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '@/test/console';
import { makeContext, makeTeam, page } from '@/test/fixtures';
import { apiError, apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { TextWallPage } from './text-wall-page';

const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, isInitialDataFetched: true } };

function fakeApi() {
  server.use(
    apiHandler('get', '/api/contexts/', page([makeContext(1, 'Tidewater Bottle 🌊')])),
    apiHandler('get', '/api/text-wall-background-videos/', page([])),
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

async function toTextsStep() {
  await renderWithStore(<TextWallPage />, { preloadedState: { ui: { ...preloadedState.ui, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme' }) } } });
  await userEvent.click(await screen.findByRole('button', { name: /Next/ }));
  await screen.findByRole('heading', { name: 'Texts: one video each' });
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
