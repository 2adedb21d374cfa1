import { MAX_BULK_VIDEOS, MAX_TEXT_CHARS, MAX_TEXT_FILE_BYTES } from '@hookwall/video/limits';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import type { BuilderState } from './builder-state';
import { readState, StepHarness } from './test-harness';
import { TextsStep } from './texts-step';

function renderStep({ initial, contextId = '1', tooMany = false }: { initial?: Partial<BuilderState>; contextId?: string; tooMany?: boolean } = {}) {
  return renderWithStore(
    <StepHarness initial={initial}>{(state, dispatch) => <TextsStep state={state} dispatch={dispatch} contextId={contextId} ensureContextId={async () => 1} tooMany={tooMany} />}</StepHarness>,
  );
}

const texts = () => readState(screen.getByLabelText('Builder state')).texts;

describe('the texts step', () => {
  it('adds pasted lines as texts, edits and removes them', async () => {
    await renderStep();
    expect(screen.getByText('No texts yet: generate them from your product, paste them or upload a file.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
    await userEvent.type(screen.getByLabelText('Or paste texts, one per line'), 'First hook{enter}{enter}Second hook');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('textbox', { name: 'Text 1' })).toHaveValue('First hook');
    expect(screen.getByRole('textbox', { name: 'Text 2' })).toHaveValue('Second hook');
    expect(screen.getByRole('textbox', { name: 'Text 1' })).toHaveAttribute('maxLength', String(MAX_TEXT_CHARS));
    expect(screen.getByLabelText('Or paste texts, one per line')).toHaveValue('');

    await userEvent.type(screen.getByRole('textbox', { name: 'Text 2' }), '!');
    await userEvent.click(screen.getByRole('button', { name: 'Remove text 1' }));
    expect(texts()).toEqual(['Second hook!']);
    await userEvent.click(screen.getByRole('button', { name: /Add a text/ }));
    expect(screen.getByRole('textbox', { name: 'Text 2' })).toHaveValue('');
    // the new text has the focus: typing on goes into it, not into the button again
    expect(screen.getByRole('textbox', { name: 'Text 2' })).toHaveFocus();
    await userEvent.keyboard('Third hook');
    expect(texts()).toEqual(['Second hook!', 'Third hook']);
  });

  it('stops adding texts at the bulk limit, and says so when there are too many', async () => {
    await renderStep({ initial: { texts: Array.from({ length: MAX_BULK_VIDEOS }, (_, i) => `text ${i}`) }, tooMany: true });
    expect(screen.getByRole('button', { name: /Add a text/ })).toBeDisabled();
    expect(screen.getByText(`At most ${MAX_BULK_VIDEOS} videos at once.`)).toBeInTheDocument();
  });

  it('reads texts from an uploaded file, and refuses one too large or with no text', async () => {
    await renderStep({ initial: { texts: ['typed'] } });
    const input = screen.getByLabelText('CSV or text file');
    await userEvent.upload(input, new File(['text\nFirst from file\nSecond from file\n'], 'hooks.csv', { type: 'text/csv' }));
    expect(await screen.findByText('2 texts from hooks.csv.')).toBeInTheDocument();
    expect(texts()).toEqual(['typed', 'First from file', 'Second from file']);

    await userEvent.upload(input, new File(['x'.repeat(MAX_TEXT_FILE_BYTES + 1)], 'big.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Use a CSV or text file under 2 MB.')).toBeInTheDocument();
    await userEvent.upload(input, new File(['\n\n'], 'empty.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Put one text per line, or use a CSV with a "text" column.')).toBeInTheDocument();
    expect(texts()).toHaveLength(3);
  });

  it('writes texts from the product with the count asked for', async () => {
    server.use(
      apiHandler('post', '/api/text-wall-videos/generate_texts/', () =>
        HttpResponse.json({ texts: ['One', 'Two'], items: [], provider: 'template', credits_spent: 2, language: 'fr' }),
      ),
    );
    await renderStep();
    fireEvent.change(screen.getByLabelText('How many'), { target: { value: '2' } });
    await userEvent.click(screen.getByRole('button', { name: /Generate texts/ }));
    expect(await screen.findByText('2 new texts in Français for 2 credits. Edit any of them below.')).toBeInTheDocument();
    await waitFor(() => expect(sentRequests.find((r) => r.path === '/api/text-wall-videos/generate_texts/')?.body).toEqual({ context_id: 1, count: 2 }));
    expect(texts()).toEqual(['One', 'Two']);
  });

  it('cannot write texts before a product is chosen', async () => {
    await renderStep({ contextId: '' });
    expect(screen.getByRole('button', { name: /Generate texts/ })).toBeDisabled();
  });
});
