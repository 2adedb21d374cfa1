import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeTeam, makeTrack, page } from '@/test/fixtures';
import { apiHandler, server } from '@/test/msw';
import { renderWithStore } from '@/test/render';
import { MusicPicker, musicRequest, type MusicChoice } from './music-picker';

const preloadedState = { ui: { modal: { name: null, isOpen: false, isCloseable: true as boolean }, currentTeam: makeTeam({ id: 1, slug: 'acme', name: 'Acme' }), isInitialDataFetched: true } };

/** The picker in a form of its own; `chosen` is the last value it gave the form. */
let chosen: MusicChoice | null = null;
function Form({ initial = null, error }: { initial?: MusicChoice | null; error?: string }) {
  const [value, setValue] = useState<MusicChoice | null>(initial);
  const change = (next: MusicChoice | null) => {
    chosen = next;
    setValue(next);
  };
  return <MusicPicker idPrefix="test" value={value} onChange={change} error={error} />;
}

async function choose(option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: 'Music track' }));
  await userEvent.click(await screen.findByRole('option', { name: option }));
}

let play: ReturnType<typeof vi.fn<() => Promise<void>>>;
beforeEach(() => {
  chosen = null;
  play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('MusicPicker', () => {
  it('starts at No music; a track chosen plays here and gets a volume from 0 to 100%, 30% at first', async () => {
    server.use(apiHandler('get', '/api/music-tracks/', page([makeTrack('t1', 'Upbeat', { duration_seconds: 125 }), makeTrack('t2', 'Calm piano')])));
    await renderWithStore(<Form />, { preloadedState });
    const select = await screen.findByRole('combobox', { name: 'Music track' });
    expect(select).toHaveTextContent('No music');
    expect(screen.queryByLabelText(/Music volume/)).not.toBeInTheDocument();
    expect(musicRequest(chosen)).toEqual({});

    await choose('Upbeat · 2:05');
    expect(chosen).toEqual({ trackId: 't1', volume: 0.3 });
    const volume = screen.getByLabelText('Music volume (30%)');
    expect(volume).toHaveAttribute('min', '0');
    expect(volume).toHaveAttribute('max', '100');
    expect(volume).toHaveAttribute('aria-valuetext', '30%');
    fireEvent.change(volume, { target: { value: '75' } });
    expect(screen.getByLabelText('Music volume (75%)')).toBeInTheDocument();
    expect(musicRequest(chosen)).toEqual({ music: { track_id: 't1', volume: 0.75 } });

    await userEvent.click(screen.getByRole('button', { name: 'Play Upbeat' }));
    expect(play).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Stop Upbeat' })).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Stop Upbeat' }));
    expect(screen.getByRole('button', { name: 'Play Upbeat' })).toBeInTheDocument();

    // another track keeps the volume; No music takes it off
    await choose('Calm piano · 0:42');
    expect(chosen).toEqual({ trackId: 't2', volume: 0.75 });
    await choose('No music');
    expect(chosen).toBeNull();
    expect(screen.queryByLabelText(/Music volume/)).not.toBeInTheDocument();
  });

  it('with no music in the library, says where to upload some', async () => {
    server.use(apiHandler('get', '/api/music-tracks/', page([])));
    await renderWithStore(<Form />, { preloadedState });
    expect(await screen.findByRole('link', { name: 'Upload tracks on the Music page' })).toHaveAttribute('href', '/music');
    expect(screen.queryByRole('combobox', { name: 'Music track' })).not.toBeInTheDocument();
  });

  it('says when the chosen track was deleted, and shows the API error under it', async () => {
    server.use(apiHandler('get', '/api/music-tracks/', page([makeTrack('t1', 'Upbeat')])));
    await renderWithStore(<Form initial={{ trackId: 'gone', volume: 0.5 }} error="This music track does not exist in your team." />, { preloadedState });
    expect(await screen.findByText('This track was deleted. Choose another, or No music.')).toBeInTheDocument();
    const select = screen.getByRole('combobox', { name: 'Music track' });
    expect(select).toHaveAttribute('aria-invalid', 'true');
    expect(select).toHaveTextContent('A deleted track');
    const group = screen.getByRole('group', { name: 'Music' });
    expect(within(group).getByRole('alert')).toHaveTextContent('This music track does not exist in your team.');
    await choose('Upbeat · 0:42');
    expect(chosen).toEqual({ trackId: 't1', volume: 0.5 });
    expect(screen.queryByText(/This track was deleted/)).not.toBeInTheDocument();
  });
});
