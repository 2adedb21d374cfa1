import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '@/test/render';
import { StyleStep } from './style-step';
import { readState, StepHarness } from './test-harness';

describe('the style step', () => {
  it('sets the format, the length and the style', async () => {
    await renderWithStore(<StepHarness>{(state, dispatch) => <StyleStep state={state} dispatch={dispatch} />}</StepHarness>);
    const format = screen.getByRole('combobox', { name: 'Format' });
    expect(format).toHaveTextContent('Vertical 9:16 (Reels, TikTok, Shorts)');
    await userEvent.click(format);
    await userEvent.click(await screen.findByRole('option', { name: 'Square 1:1 (feed)' }));
    fireEvent.change(screen.getByLabelText('Length (10 s)'), { target: { value: '25' } });
    expect(screen.getByLabelText('Length (25 s)')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: STYLE_PRESETS.neon.label }));
    expect(screen.getByRole('button', { name: STYLE_PRESETS.neon.label })).toHaveAttribute('aria-pressed', 'true');
    expect(readState(screen.getByLabelText('Builder state'))).toMatchObject({ aspect: '1:1', duration: 25, style: { preset: 'neon' } });
  });

  it('names the colour after the readability choice: shadow, box, outline; none uses no colour', async () => {
    const style = { ...STYLE_PRESETS.bold.style, decoration: 'shadow' as const };
    await renderWithStore(<StepHarness initial={{ style }}>{(state, dispatch) => <StyleStep state={state} dispatch={dispatch} />}</StepHarness>);
    expect(screen.getByLabelText('Shadow colour')).toBeEnabled();
    for (const [option, label] of [['Box behind lines', 'Box colour'], ['Outline', 'Outline colour'], ['None', 'Colour (not used)']] as const) {
      await userEvent.click(screen.getByRole('combobox', { name: 'Readability' }));
      await userEvent.click(await screen.findByRole('option', { name: option }));
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Colour (not used)')).toBeDisabled();
  });

  it("keeps the clips' placement when a preset is chosen: a preset is a look", async () => {
    const style = { ...STYLE_PRESETS.bold.style, clipFit: 'fit' as const, barColor: '#ff3366' };
    await renderWithStore(<StepHarness initial={{ style }}>{(state, dispatch) => <StyleStep state={state} dispatch={dispatch} />}</StepHarness>);
    await userEvent.click(screen.getByRole('button', { name: STYLE_PRESETS.clean.label }));
    expect(readState(screen.getByLabelText('Builder state')).style).toMatchObject({ preset: 'clean', fontFamily: STYLE_PRESETS.clean.style.fontFamily, clipFit: 'fit', barColor: '#ff3366' });
  });
});
