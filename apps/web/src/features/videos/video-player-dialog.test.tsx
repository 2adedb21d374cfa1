import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '@/test/render';
import { VideoPlayerDialog } from './video-player-dialog';
import type { VideoItem } from './video-items';

const item = (captionsUrl: string | null): VideoItem => ({
  kind: 'text_wall',
  id: 'v1',
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
  fileName: 'Votre peau mérite mieux.mp4',
});

describe('the video player dialog', () => {
  it("offers a voiced video's captions as a WebVTT file named like its MP4", async () => {
    await renderWithStore(<VideoPlayerDialog item={item('https://cdn.example/v1.vtt')} onClose={() => undefined} />);
    const link = screen.getByRole('link', { name: 'Download captions (.vtt)' });
    expect(link).toHaveAttribute('href', 'https://cdn.example/v1.vtt');
    expect(link).toHaveAttribute('download', 'Votre peau mérite mieux.vtt');
    expect(screen.getByRole('link', { name: 'Download MP4' })).toHaveAttribute('download', 'Votre peau mérite mieux.mp4');
  });

  it('offers no captions for a silent video', async () => {
    await renderWithStore(<VideoPlayerDialog item={item(null)} onClose={() => undefined} />);
    expect(screen.getByRole('link', { name: 'Download MP4' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /captions/ })).not.toBeInTheDocument();
  });
});
