import { describe, expect, it } from 'vitest';
import { FIXTURES } from './fixtures/descriptions.ts';
import { checkBatch, createTemplateCopywriter, readProduct, repeatsExample, shapeDistance, shapeOf } from './index.ts';
import { emojiIn, wordCount } from './text.ts';

const fixture = (id: string) => {
  const f = FIXTURES.find((x) => x.id === id)!;
  return { name: f.name, type: 'product' as const, content: f.content };
};
const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

describe('texts like the winners', () => {
  const writer = createTemplateCopywriter();
  const context = fixture('en-tidewater');

  it('reads a shape: openings, length, ending, emoji, lines, formulas', () => {
    const shape = shapeOf(['Still buying plastic bottles? 🌊', 'Still paying for ice? 🧊', 'Cold for 24 hours. Really.']);
    expect([...shape.openings]).toEqual(['still', 'cold']);
    expect(shape.ending).toBe('emoji');
    expect(shape.emojiShare).toBeCloseTo(2 / 3, 10);
    expect(shape.lines).toBe(1);
    expect(shape.formulas.has('question')).toBe(true);
    expect(repeatsExample('Still buying plastic bottles? 🌊', ['Still buying plastic bottles? 🌊'])).toBe(true);
    expect(repeatsExample('You are still buying plastic bottles every week', ['Still buying plastic bottles? 🌊'])).toBe(true);
    expect(repeatsExample('Your water, cold all day', ['Still buying plastic bottles? 🌊'])).toBe(false);
  });

  for (const winners of [
    // short questions with an emoji
    ['Still buying plastic bottles? 🌊', 'Tired of warm water by noon? 🥵'],
    // longer statements without emoji, on two lines, with a full stop
    ['One bottle.\nCold water for a whole day of hiking, no ice needed.', 'Your desk, your gym, your car.\nThe same cold sip everywhere you go.'],
  ]) {
    it(`writes new texts that keep the shape of ${JSON.stringify(winners[0])} and never repeat a winner`, async () => {
      const product = readProduct(context);
      const shape = shapeOf(winners);
      const like = await writer.write({ context, count: 8, seed: 3, like: winners });
      const plain = await writer.write({ context, count: 8, seed: 3 });
      expect(like.texts).toHaveLength(8);
      const texts = like.texts.map((t) => t.text);
      // every text passes the quality check and differs from the winners
      for (const r of checkBatch(texts, product)) expect(r.problems, r.text).toEqual([]);
      for (const t of texts) expect(repeatsExample(t, winners), t).toBe(false);
      // nearer the winners' shape than a batch written without them
      const near = mean(texts.map((t) => shapeDistance(t, shape)));
      const far = mean(plain.texts.map((t) => shapeDistance(t.text, shape)));
      expect(near).toBeLessThan(far);
      // emoji and length as the winners have them
      const withEmoji = texts.filter((t) => emojiIn(t).length > 0).length / texts.length;
      expect(Math.abs(withEmoji - shape.emojiShare)).toBeLessThanOrEqual(0.5);
      expect(Math.abs(mean(texts.map(wordCount)) - shape.words)).toBeLessThan(Math.abs(mean(plain.texts.map((t) => wordCount(t.text))) - shape.words) + 1);
    });
  }

  it('follows a shape in French too', async () => {
    const fr = FIXTURES.find((f) => f.language === 'fr')!;
    const frContext = { name: fr.name, type: 'product' as const, content: fr.content };
    const winners = ['Encore des bouteilles en plastique ? 🌊'];
    const { texts, language } = await writer.write({ context: frContext, count: 5, seed: 2, like: winners });
    expect(language).toBe('fr');
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) expect(repeatsExample(t.text, winners)).toBe(false);
  });
});
