import { MAX_BULK_VIDEOS } from '@hookwall/video/limits';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiHandler, sentRequests, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { splitPasted } from './builder-state';
import { readState, StepHarness } from './test-harness';
import { TextsStep } from './texts-step';

async function renderStep() {
  return renderWithStore(<StepHarness>{(state, dispatch) => <TextsStep state={state} dispatch={dispatch} contextId="1" ensureContextId={async () => 1} tooMany={false} />}</StepHarness>);
}
const state = () => readState(screen.getByLabelText('Builder state'));

describe('the paste box', () => {
  it('says how it splits and how many videos the paste makes, one per line or one per block', async () => {
    await renderStep();
    expect(screen.getByRole('radio', { name: 'One video per line' })).toBeChecked();
    await userEvent.type(screen.getByLabelText('Or paste texts, one per line'), 'Stop scrolling.{enter}This bottle keeps ice 24 hours.{enter}{enter}Second video');
    expect(screen.getByText('This makes 3 videos.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('radio', { name: /One video per block/ }));
    expect(screen.getByLabelText('Or paste texts, one per block')).toHaveValue('Stop scrolling.\nThis bottle keeps ice 24 hours.\n\nSecond video');
    expect(screen.getByText('This makes 2 videos.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(state().texts).toEqual(['Stop scrolling.\nThis bottle keeps ice 24 hours.', 'Second video']);
    expect(screen.getByRole('textbox', { name: 'Text 1' })).toHaveValue('Stop scrolling.\nThis bottle keeps ice 24 hours.');
    // the box is empty again, and says nothing
    expect(screen.queryByText(/This makes/)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Or paste texts, one per block'), 'One block');
    expect(screen.getByText('This makes 1 video.')).toBeInTheDocument();
  });

  it('cuts blocks at blank lines, even ones holding spaces, and lines at any line break', () => {
    expect(splitPasted(' a\r\nb \r\n \t \r\n\r\nc\n', 'block')).toEqual(['a\nb', 'c']);
    expect(splitPasted(' a\r\nb \r\n \t \r\n\r\nc\n', 'line')).toEqual(['a', 'b', 'c']);
    expect(splitPasted('\n\n', 'block')).toEqual([]);
  });
});

describe('How many', () => {
  it('refuses a count below 1 (or not whole, or above the limit) with a message, and never sends one', async () => {
    server.use(apiHandler('post', '/api/text-wall-videos/generate_texts/', () => HttpResponse.json({ texts: ['One'], items: [], provider: 'template', credits_spent: 0, language: 'en' })));
    await renderStep();
    const howMany = screen.getByLabelText('How many');
    const generate = screen.getByRole('button', { name: /Generate texts/ });
    for (const [value, message] of [
      ['0', 'Ask for at least 1 text.'],
      ['-3', 'Ask for at least 1 text.'],
      ['', 'Ask for at least 1 text.'],
      ['2.5', 'Ask for a whole number of texts.'],
      [String(MAX_BULK_VIDEOS + 1), `At most ${MAX_BULK_VIDEOS} texts at once.`],
    ]) {
      fireEvent.change(howMany, { target: { value } });
      expect(screen.getByRole('alert')).toHaveTextContent(message!);
      expect(howMany).toHaveAttribute('aria-invalid', 'true');
      expect(howMany).toHaveAccessibleDescription(message!);
      expect(generate).toBeDisabled();
      // the field shows what was typed: nothing is quietly turned into 1
      expect(howMany).toHaveValue(value === '' ? null : Number(value));
    }
    expect(state().count).toBe(10);

    fireEvent.change(howMany, { target: { value: '3' } });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(howMany).not.toHaveAttribute('aria-invalid');
    expect(state().count).toBe(3);
    await userEvent.click(generate);
    await waitFor(() => expect(sentRequests.find((r) => r.path === '/api/text-wall-videos/generate_texts/')?.body).toEqual({ context_id: 1, count: 3 }));
    expect(sentRequests.filter((r) => r.path === '/api/text-wall-videos/generate_texts/')).toHaveLength(1);
  });
});
