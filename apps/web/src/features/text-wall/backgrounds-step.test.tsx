import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '@/test/render';
import { BackgroundsStep } from './backgrounds-step';
import { makeBackground, readState, StepHarness } from './test-harness';

const library = [makeBackground('bg-1', 'Sunset gradient'), makeBackground('bg-2', 'Beach', { is_builtin: false })];

function renderStep(backgrounds = library) {
  return renderWithStore(<StepHarness>{(state, dispatch) => <BackgroundsStep backgrounds={backgrounds} isLoading={false} backgroundIds={state.backgroundIds} dispatch={dispatch} />}</StepHarness>);
}

describe('the backgrounds step', () => {
  it('chooses clips to use in turn, and says the brand gradient is used when none is', async () => {
    await renderStep();
    expect(screen.getByText('None chosen: the brand gradient is used')).toBeInTheDocument();
    expect(screen.getByText(/Beach · yours/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use Beach' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use Sunset gradient' }));
    expect(screen.getByText('2 chosen: used in turn')).toBeInTheDocument();
    expect(readState(screen.getByLabelText('Builder state')).backgroundIds).toEqual(['bg-2', 'bg-1']);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Use Beach' }));
    expect(screen.getByText('1 chosen: used in turn')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Use Beach' })).not.toBeChecked();
  });

  it('says when the library is still empty', async () => {
    await renderStep([]);
    expect(screen.getByText('The background library is still being prepared. Your videos can use the brand gradient meanwhile.')).toBeInTheDocument();
  });
});
