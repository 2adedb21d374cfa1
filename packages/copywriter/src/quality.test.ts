import { describe, expect, it } from 'vitest';
import { checkBatch, checkText, openingOf, readProduct } from './index.ts';

const tidewater = readProduct({
  name: 'Tidewater Bottle 🌊',
  content: `Tidewater is a reusable, double-wall insulated stainless steel water bottle for commuters, hikers and gym-goers. It keeps drinks ice-cold for 24 hours and hot for 12, so you stop buying single-use plastic bottles.

What makes it special:
- Leak-proof lid
- Lifetime warranty, dishwasher safe`,
});
const creme = readProduct({ name: 'Crème Nuit', content: 'Une crème de nuit riche pour les peaux sèches. Elle répare la peau pendant votre sommeil.' });
const cafe = readProduct({ name: 'Café Altura', content: 'Café de especialidad de Colombia. Lo tostamos cada semana y te lo enviamos recién molido.' });

const problems = (text: string, product = tidewater) => checkText(text, product);

describe('the quality check', () => {
  it('passes a hook a marketer would run', () => {
    expect(problems('Still buying single-use plastic bottles?\nTidewater Bottle 🌊 keeps drinks ice-cold for 24 hours.')).toEqual([]);
    expect(problems('POV: your drinks are still ice-cold 24 hours later 🧊')).toEqual([]);
    expect(problems('Marre des peaux sèches ?\nCrème Nuit répare la peau pendant votre sommeil.', creme)).toEqual([]);
    expect(problems('¿El secreto de Café Altura?\nLo tostamos cada semana.', cafe)).toEqual([]);
  });

  it('rejects what the issue showed: a cut clause with "…", the name spliced with the description', () => {
    const bad = 'Did you know Tidewater Bottle 🌊 tidewater is a reusable, double-wall insulated stainless… 🔥';
    const found = problems(bad).join(' ');
    expect(found).toMatch(/ellipsis/);
    expect(found).toMatch(/names the product twice/);
    expect(problems('Want Lifetime warranty, dishwasher safe? That’s Tidewater Bottle 🌊. ✨').join(' ')).toMatch(/capital in the middle of a sentence/);
  });

  it('rejects a hook longer than a screen reads in two seconds', () => {
    expect(problems('Tidewater Bottle 🌊 keeps drinks ice-cold for 24 hours on every commute, every hike and every single gym session you will ever have.').join(' ')).toMatch(/words; at most 18/);
  });

  it('rejects more than 8 words in a row from the description', () => {
    expect(problems('It keeps drinks ice-cold for 24 hours and hot for 12.').join(' ')).toMatch(/copies more than 8 words/);
    expect(problems('Keeps drinks ice-cold for 24 hours. Hot for 12.')).toEqual([]);
  });

  it('rejects a text that says nothing of the product', () => {
    expect(problems('Stop scrolling.\nYou need Tidewater Bottle 🌊').join(' ')).toMatch(/says nothing this product does/);
  });

  it('rejects a phrase cut on a small word, a dangling comma, a placeholder', () => {
    expect(problems('Ice-cold drinks for\nTidewater Bottle 🌊').join(' ')).toMatch(/stops on "for"/);
    expect(problems('Leak-proof lid,').join(' ')).toMatch(/comma or a dash/);
    expect(problems('Leak-proof lid: undefined.').join(' ')).toMatch(/placeholder/);
  });

  it('wants sentence case and punctuation right, in each language', () => {
    expect(problems('leak-proof lid. Lifetime warranty.').join(' ')).toMatch(/lower case/);
    expect(problems('LEAK-PROOF lid. Lifetime warranty.').join(' ')).toMatch(/capitals/);
    expect(problems('A Leak-Proof Lid And Lifetime Warranty').join(' ')).toMatch(/Title Case/);
    expect(problems('Leak-proof lid ,lifetime warranty.').join(' ')).toMatch(/space stands before|no space after/);
    expect(problems('Leak-proof lid!!').join(' ')).toMatch(/doubles its punctuation/);
    expect(problems('Marre des peaux sèches?\nCrème Nuit répare la peau pendant votre sommeil.', creme).join(' ')).toMatch(/French puts a/);
    expect(problems('El secreto de Café Altura?\nLo tostamos cada semana.', cafe).join(' ')).toMatch(/¿/);
    expect(problems('“Lifetime warranty, dishwasher safe.').join(' ')).toMatch(/not closed/);
  });

  it('keeps the product’s language', () => {
    expect(problems('The secret of Café Altura? We roast it every week, lo tostamos cada semana.', cafe).join(' ')).toMatch(/not written in the product's language/);
  });

  it('allows two emoji besides the name’s, never glued to a word', () => {
    expect(problems('Leak-proof lid 🔥🔥🔥').join(' ')).toMatch(/3 emoji/);
    expect(problems('Leak-proof lid🔥').join(' ')).toMatch(/touches a word/);
    expect(problems('Leak-proof lid #hydration').join(' ')).toMatch(/hashtag/);
  });

  it('wants distinct texts and openings across a batch', () => {
    const report = checkBatch(['Will it last?\nLifetime warranty.', '“Will it last?”\nLifetime warranty. Next question.', 'Will it last?\nLifetime warranty.', 'POV: your drinks are still ice-cold 24 hours later.'], tidewater);
    expect(report.map((r) => r.problems.length > 0)).toEqual([false, true, true, false]);
    expect(report[1]!.problems.join(' ')).toMatch(/opens like another text/);
    expect(report[2]!.problems.join(' ')).toMatch(/repeats another text/);
    expect(openingOf('POV: you just stopped buying')).not.toBe(openingOf('POV: your drinks are still'));
    expect(openingOf('¿Sin tiempo?\nUna sola sesión.')).toBe(openingOf('«¿Sin tiempo?»\nSiguiente pregunta.'));
  });
});
