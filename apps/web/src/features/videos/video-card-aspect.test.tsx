import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithStore } from '@/test/render';
import { VideoCard } from './video-card';
import type { VideoItem } from './video-items';

const item = (id: string, aspect: VideoItem['aspect']): VideoItem => ({
  kind: 'text_wall',
  id,
  adCode: 'HW-23456A',
  title: `Video ${aspect}`,
  subtitle: `Bold · Gradient · 10 s · ${aspect}`,
  status: 'completed',
  progress: 100,
  outputUrl: `https://cdn.example/${id}.mp4`,
  thumbnailUrl: `https://cdn.example/${id}.jpg`,
  error: null,
  createdAt: '2026-01-01T00:00:00Z',
  aspect,
  fileName: `${id}.mp4`,
});

describe('a video card', () => {
  it("keeps the video's own shape: vertical, square and landscape thumbnails are shown whole", async () => {
    await renderWithStore(
      <div>
        <VideoCard item={item('a', '9:16')} />
        <VideoCard item={item('b', '1:1')} />
        <VideoCard item={item('c', '16:9')} />
      </div>,
    );
    const frame = (aspect: string) => screen.getByRole('button', { name: `Play Video ${aspect}` });
    expect(frame('9:16')).toHaveClass('aspect-[9/16]');
    expect(frame('1:1')).toHaveClass('aspect-square');
    expect(frame('1:1')).not.toHaveClass('aspect-[9/16]');
    expect(frame('16:9')).toHaveClass('aspect-video');
    // nothing of the frame is cropped away, whatever shape the thumbnail has
    for (const aspect of ['9:16', '1:1', '16:9']) expect(frame(aspect).querySelector('img')).toHaveClass('object-contain');
    // each card shows its ad code, with a button to copy it
    expect(screen.getAllByText('HW-23456A')).toHaveLength(3);
    expect(screen.getAllByRole('button', { name: 'Copy the ad code HW-23456A' })).toHaveLength(3);
    // the card's own rows stay at the top when a taller card sets the grid row's height
    expect(screen.getByRole('article', { name: 'Video 16:9' })).toHaveClass('content-start');
  });
});
