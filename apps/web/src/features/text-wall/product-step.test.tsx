import { MAX_NAME_CHARS } from '@hookwall/video/limits';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeContext } from '@/test/fixtures';
import { renderWithStore } from '@/test/render';
import { effectiveContextId, INLINE } from './builder-state';
import { ProductStep } from './product-step';
import { readState, StepHarness } from './test-harness';

const contexts = [makeContext(1, 'Tidewater Bottle 🌊'), makeContext(2, 'Glow Serum')];

function renderStep({ list = contexts, isLoading = false } = {}) {
  return renderWithStore(
    <StepHarness>
      {(state, dispatch) => <ProductStep contexts={list} isLoading={isLoading} contextId={effectiveContextId(state.contextId, isLoading ? undefined : list)} state={state} dispatch={dispatch} />}
    </StepHarness>,
  );
}

describe('the product step', () => {
  it('offers the team’s contexts, the first chosen, and another one on choice', async () => {
    await renderStep();
    expect(screen.getByRole('heading', { name: 'Which product are these videos for?' })).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Product context' });
    expect(select).toHaveTextContent('Tidewater Bottle 🌊');
    await userEvent.click(select);
    await userEvent.click(await screen.findByRole('option', { name: 'Glow Serum' }));
    expect(readState(screen.getByLabelText('Builder state')).contextId).toBe('2');
    expect(screen.queryByLabelText('Product name')).not.toBeInTheDocument();
  });

  it('asks for a name and a description when the product is written here', async () => {
    await renderStep();
    await userEvent.click(screen.getByRole('combobox', { name: 'Product context' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Write a new one here…' }));
    const name = screen.getByLabelText('Product name');
    expect(name).toHaveAttribute('maxLength', String(MAX_NAME_CHARS));
    await userEvent.type(name, 'Glow');
    await userEvent.type(screen.getByLabelText('What it does and what makes it special'), 'Vegan');
    expect(readState(screen.getByLabelText('Builder state'))).toMatchObject({ contextId: INLINE, inlineName: 'Glow', inlineContent: 'Vegan' });
    expect(screen.getByText('It is saved to your product contexts when the texts are written.')).toBeInTheDocument();
  });

  it('goes straight to the description when the team has no context, and shows a placeholder while loading', async () => {
    const { unmount } = await renderStep({ list: [] });
    expect(screen.getByLabelText('Product name')).toBeInTheDocument();
    unmount();
    await renderStep({ isLoading: true });
    expect(screen.queryByRole('combobox', { name: 'Product context' })).not.toBeInTheDocument();
  });
});
