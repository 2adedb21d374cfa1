import { describe, expect, it } from 'vitest';
import { compositionProps, parseRenderRequest, thumbnailFrame } from './render-request.ts';
import { hookProductDemoMeta, multiTextWallMeta, resolveComposition, textWallMeta, textWallSegments } from './schemas.ts';

describe('an end card after a wall', () => {
  const card = { headline: 'Glow Serum', cta: 'Try it today', url: 'glow.example/try', seconds: 3, color: '#1d3557' };

  it('lasts its seconds after the wall: the wall keeps its own length', () => {
    const plain = resolveComposition(textWallMeta, { text: 'Glow', durationInSeconds: 10 });
    const carded = resolveComposition(textWallMeta, { text: 'Glow', durationInSeconds: 10, endCard: card });
    expect(plain.durationInFrames).toBe(300);
    expect(carded.durationInFrames).toBe(390);
    expect(textWallSegments(carded.props)).toEqual({ wall: 300, end: 90 });
    // the card's fields fill in: empty texts, 3 s, the composite's default colour
    expect(resolveComposition(textWallMeta, { text: 'Glow', endCard: {} }).props.endCard).toEqual({ headline: '', cta: '', url: '', seconds: 3, color: '#7c3aed' });
    // a card of 0 s adds nothing
    expect(resolveComposition(textWallMeta, { text: 'Glow', durationInSeconds: 10, endCard: { ...card, seconds: 0 } }).durationInFrames).toBe(300);
  });

  it("refuses what a composite's card refuses: the same pieces", () => {
    expect(() => textWallMeta.schema.parse({ text: 'Glow', endCard: { ...card, seconds: 6 } })).toThrow();
    expect(() => textWallMeta.schema.parse({ text: 'Glow', endCard: { ...card, url: 'x'.repeat(201) } })).toThrow();
    expect(() => textWallMeta.schema.parse({ text: 'Glow', endCard: { ...card, color: 'red' } })).toThrow();
    expect(() => hookProductDemoMeta.schema.parse({ endCardUrl: 'x'.repeat(201) })).toThrow();
    expect(() => hookProductDemoMeta.schema.parse({ endCardSeconds: 6 })).toThrow();
  });

  it('closes a multi text wall after its last wall (the walls overlapping by their transitions)', () => {
    const walls = [{ text: 'One', durationInSeconds: 2 }, { text: 'Two', durationInSeconds: 2 }];
    expect(resolveComposition(multiTextWallMeta, { walls }).durationInFrames).toBe(120 - 12);
    expect(resolveComposition(multiTextWallMeta, { walls, endCard: card }).durationInFrames).toBe(120 - 12 + 90);
  });

  it("travels in the render request, and the thumbnail is of the wall, not of its card", () => {
    const request = parseRenderRequest('text-wall', { text: 'Glow', durationInSeconds: 5, endCard: card });
    const composition = compositionProps(request, () => '');
    expect(composition.props).toMatchObject({ endCard: card });
    // a voiced wall whose first words come late: its thumbnail waits for them, but within the wall's 150 frames
    const words = ['One', 'two', 'three', 'four'].map((text, i) => ({ text, start: 4.6 + i * 0.1, end: 4.7 + i * 0.1 }));
    const speech = { audio: { media: { kind: 'upload', key: 'v.m4a' }, durationInSeconds: 5 }, words };
    const late = (endCard: typeof card | null) => compositionProps(parseRenderRequest('text-wall', { text: 'One two three four', durationInSeconds: 5, speech, captions: { style: 'karaoke' }, endCard }), () => '');
    expect(thumbnailFrame(late(card))).toBe(149);
    expect(thumbnailFrame(late(null))).toBe(149);
  });
});
