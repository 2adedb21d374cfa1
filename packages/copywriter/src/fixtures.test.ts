import { describe, expect, it } from 'vitest';
import { FIXTURES } from './fixtures/descriptions.ts';
import { checkBatch, createTemplateCopywriter, FORMULAS, LANGUAGES, readProduct } from './index.ts';
import { sentenceLanguage } from './language.ts';

const writer = createTemplateCopywriter();

describe('the fixture set', () => {
  it('has at least 24 descriptions, four or more per language, of every kind', () => {
    expect(FIXTURES.length).toBeGreaterThanOrEqual(24);
    for (const language of LANGUAGES) expect(FIXTURES.filter((f) => f.language === language).length, language).toBeGreaterThanOrEqual(4);
    for (const kind of ['cosmetics', 'food', 'apps', 'apparel', 'tools', 'services'] as const) expect(FIXTURES.some((f) => f.kind === kind), kind).toBe(true);
    expect(new Set(FIXTURES.map((f) => f.id)).size).toBe(FIXTURES.length);
  });

  it('reads each description in its own language, a second language mixed in or not', () => {
    for (const f of FIXTURES) expect(readProduct(f).language, f.id).toBe(f.language);
  });
});

describe.each(FIXTURES)('$id', (fixture) => {
  it('20 texts, every one passing the quality check, in the description’s language', async () => {
    const { texts, language } = await writer.write({ context: { name: fixture.name, type: 'product', content: fixture.content }, count: 20, seed: 1 });
    expect(language).toBe(fixture.language);
    expect(texts).toHaveLength(20);
    const product = readProduct(fixture);
    const report = checkBatch(
      texts.map((t) => t.text),
      product,
    );
    for (const r of report) expect(r.problems, r.text).toEqual([]);
    // no sentence of another of the six languages
    for (const t of texts) {
      const spoken = sentenceLanguage(t.text.replace(fixture.name, ''));
      if (spoken) expect([fixture.language, null], t.text).toContain(spoken);
    }
    // many formulas in one batch, each named
    const formulas = new Set(texts.map((t) => t.formula));
    for (const f of formulas) expect(FORMULAS).toContain(f);
    expect(formulas.size, [...formulas].join(', ')).toBeGreaterThanOrEqual(6);
  });
});
