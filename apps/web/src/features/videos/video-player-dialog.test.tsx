import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '@/test/render';
import { VideoPlayerDialog } from './video-player-dialog';
import type { VideoItem } from './video-items';

const item = (captionsUrl: string | null): VideoItem => ({
  kind: 'text_wall',
  id: 'v1',
  adCode: 'HW-7KR2MX',
  title: 'Votre peau mérite mieux',
  subtitle: 'Bold · Gradient · 6 s · 9:16 · Voice',
  status: 'completed',
  progress: 100,
  outputUrl: 'https://cdn.example/v1.mp4',
  thumbnailUrl: 'https://cdn.example/v1.jpg',
  captionsUrl,
  error: null,
  createdAt: '2026-01-01T00:00:00Z',
  aspect: '9:16',
  fileName: 'Votre peau mérite mieux HW-7KR2MX.mp4',
});

describe('the video player dialog', () => {
  it("offers a voiced video's captions as a WebVTT file named like its MP4", async () => {
    await renderWithStore(<VideoPlayerDialog item={item('https://cdn.example/v1.vtt')} onClose={() => undefined} />);
    const link = screen.getByRole('link', { name: 'Download captions (.vtt)' });
    expect(link).toHaveAttribute('href', 'https://cdn.example/v1.vtt');
    expect(link).toHaveAttribute('download', 'Votre peau mérite mieux HW-7KR2MX.vtt');
    expect(screen.getByRole('link', { name: 'Download MP4' })).toHaveAttribute('download', 'Votre peau mérite mieux HW-7KR2MX.mp4');
  });

  it('offers no captions for a silent video', async () => {
    await renderWithStore(<VideoPlayerDialog item={item(null)} onClose={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Download MP4' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /captions/ })).not.toBeInTheDocument();
  });

  it('shows the ad code, says where it goes, and copies it by keyboard', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await renderWithStore(<VideoPlayerDialog item={item(null)} onClose={() => undefined} />);
    expect(screen.getByText('HW-7KR2MX')).toBeInTheDocument();
    expect(screen.getByText(/put it in the ad’s name in Meta, TikTok or Google/)).toBeInTheDocument();
    const copy = screen.getByRole('button', { name: 'Copy the ad code HW-7KR2MX' });
    copy.focus();
    await user.keyboard('{Enter}');
    expect(writeText).toHaveBeenCalledWith('HW-7KR2MX');
    expect(await screen.findByRole('button', { name: 'Ad code HW-7KR2MX copied' })).toBeInTheDocument();
  });
});
