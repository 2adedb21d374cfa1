import { describe, expect, it } from 'vitest';
import { compositionProps, parseRenderRequest, requestClips } from './render-request.ts';

describe('the render request', () => {
  it('names each clip by a typed media ref, and gives the composition its props with the URLs the reader loads', () => {
    const request = parseRenderRequest('hook-product-demo', {
      hook: { media: { kind: 'upload', key: 'teams/1/brand/h.mp4' }, durationInSeconds: 4 },
      demo: { media: { kind: 'render', key: 'teams/1/renders/r.mp4' }, durationInSeconds: 8 },
      hookText: 'Wait',
    });
    expect(requestClips(request).map((c) => [c.role, c.clip.media])).toEqual([
      ['hook', { kind: 'upload', key: 'teams/1/brand/h.mp4' }],
      ['demo', { kind: 'render', key: 'teams/1/renders/r.mp4' }],
    ]);
    const { props } = compositionProps(request, (m) => (m.kind === 'missing' ? '' : `/files/${m.key}`));
    expect(props).toMatchObject({ hook: { url: '/files/teams/1/brand/h.mp4', durationInSeconds: 4 }, demo: { url: '/files/teams/1/renders/r.mp4', durationInSeconds: 8 }, hookText: 'Wait' });
  });

  it('reads the storage: URLs of requests stored before media refs, a deleted clip as a missing ref', () => {
    const request = parseRenderRequest('multi-text-wall', {
      walls: [
        { text: 'One', background: { url: 'storage:teams/1/backgrounds/a.mp4', durationInSeconds: 6 } },
        { text: 'Two', background: { url: 'storage:builtin/backgrounds/aurora.mp4', durationInSeconds: 6 } },
        { text: 'Three', background: { url: 'storage:missing/1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed', durationInSeconds: 1 } },
        { text: 'Four', background: null },
      ],
    });
    expect(requestClips(request).map((c) => c.clip.media)).toEqual([
      { kind: 'upload', key: 'teams/1/backgrounds/a.mp4' },
      { kind: 'builtin', key: 'builtin/backgrounds/aurora.mp4' },
      { kind: 'missing', id: '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed' },
    ]);
  });

  it('refuses a clip named by any other string, and a composition it does not know', () => {
    expect(() => parseRenderRequest('text-wall', { text: 'Hi', background: { url: 'file:///etc/passwd', durationInSeconds: 1 } })).toThrow();
    expect(() => parseRenderRequest('text-wall', { text: 'Hi', background: { media: { kind: 'url', key: 'x' }, durationInSeconds: 1 } })).toThrow();
    expect(() => parseRenderRequest('slideshow', { text: 'Hi' })).toThrow();
  });
});
