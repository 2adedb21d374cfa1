import { screen } from '@testing-library/react';
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
});
