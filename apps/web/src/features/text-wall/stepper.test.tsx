import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '@/test/render';
import { Stepper } from './stepper';
import { readState, StepHarness } from './test-harness';

describe('the stepper', () => {
  it('marks the current step, disables the ones out of reach and goes to the one clicked', async () => {
    await renderWithStore(
      <StepHarness initial={{ step: 1 }}>{(state, dispatch) => <Stepper step={state.step} onStep={(step) => dispatch({ type: 'set', patch: { step } })} canReach={(s) => s <= 2} />}</StepHarness>,
    );
    expect(screen.getByRole('button', { name: /Texts/ })).toHaveAttribute('aria-current', 'step');
    expect(screen.getByRole('button', { name: /Style/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Product/ })).toBeEnabled();
    await userEvent.click(screen.getByRole('button', { name: /Backgrounds/ }));
    expect(readState(screen.getByLabelText('Builder state')).step).toBe(2);
    expect(screen.getByRole('button', { name: /Backgrounds/ })).toHaveAttribute('aria-current', 'step');
  });

  it('keeps every step named on a phone: the current one in full, the others by number with their name for screen readers and as a tooltip', async () => {
    await renderWithStore(
      <StepHarness initial={{ step: 2 }}>{(state, dispatch) => <Stepper step={state.step} onStep={(step) => dispatch({ type: 'set', patch: { step } })} canReach={() => true} />}</StepHarness>,
    );
    const steps = within(screen.getByRole('list', { name: 'Steps' }));
    for (const name of ['Product', 'Texts', 'Backgrounds', 'Voice', 'Style']) {
      const button = steps.getByRole('button', { name: new RegExp(name) });
      expect(button).toHaveAttribute('title', name);
      // under the sm breakpoint only the current step's name is shown; the others' stay in the accessible name
      expect(within(button).getByText(name).classList.contains('sr-only')).toBe(name !== 'Backgrounds');
    }
    const current = steps.getByRole('button', { name: /Backgrounds/ });
    expect(current.closest('li')).toHaveClass('flex-1');
    expect(within(current).getByText('3 of 5')).toHaveAttribute('aria-hidden');
    expect(steps.getByRole('button', { name: /Style/ }).closest('li')).toHaveClass('flex-none');
  });
});

