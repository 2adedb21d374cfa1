import { describe, expect, it } from 'vitest';
import { MAX_HOOK_CHARS, MAX_STEM_BYTES, safeStem, textWallVariant, uniqueFileNames, videoFileName, videoHook } from './file-names.ts';

const wall = (text: string, extra: { code?: string } = {}) => videoFileName({ compositionId: 'text-wall', props: { text }, ...extra });
const bytes = (text: string) => new TextEncoder().encode(text).length;

describe('video file names', () => {
  it('are the hook as written: accents, emoji, right-to-left and other scripts kept', () => {
    expect(wall('Fraîche tous les jours 🌿\nLivrée demain')).toBe('Fraîche tous les jours 🌿.mp4');
    expect(wall('\n\n  Journée parfaite ☀️  ')).toBe('Journée parfaite ☀️.mp4');
    expect(wall('عرض خاص اليوم فقط')).toBe('عرض خاص اليوم فقط.mp4');
    expect(wall('今日だけ 50% オフ')).toBe('今日だけ 50% オフ.mp4');
    expect(wall('👨‍👩‍👧 for the whole family 🏴󠁧󠁢󠁳󠁣󠁴󠁿')).toBe('👨‍👩‍👧 for the whole family 🏴󠁧󠁢󠁳󠁣󠁴󠁿.mp4');
    // decomposed accents (as macOS may send them) are composed
    expect(wall('Fraîche'.normalize('NFD'))).toBe('Fraîche.mp4');
  });

  it('make path separators, reserved punctuation, NUL and control characters safe', () => {
    expect(wall('Buy 1/get 1 free \\ today | only')).toBe('Buy 1-get 1 free - today - only.mp4');
    expect(wall('../../etc/passwd')).toBe('-..-etc-passwd.mp4');
    expect(wall('Sale: "50%" off? <now> *')).toBe('Sale 50% off now.mp4');
    expect(wall('a\u0000b\u0007c\u001bd\u007fe\u0085f')).toBe('a b c d e.mp4');
    expect(wall('tab\there')).toBe('tab here.mp4');
    // a bidi override would make "…exe.mp4" read as something else; zero-width spaces hide in names
    expect(wall('invoice\u202Egnp.exe')).toBe('invoicegnp.exe.mp4');
    expect(wall('zero\u200Bwidth\uFEFF')).toBe('zerowidth.mp4');
    // a lone surrogate is no character
    expect(wall('half \ud800 pair')).toBe('half pair.mp4');
  });

  it('never start with a dot or end with a dot or space, and avoid the names Windows keeps for devices', () => {
    expect(wall('...hidden')).toBe('hidden.mp4');
    expect(wall('Wait for it...')).toBe('Wait for it.mp4');
    expect(wall('..')).toBe('text-wall.mp4');
    for (const device of ['CON', 'con', 'Nul', 'aux', 'COM1', 'lpt9', 'PRN.txt']) expect(wall(device)).toBe(`_${device}.mp4`);
    expect(wall('Конь')).toBe('Конь.mp4');
    expect(wall('Console')).toBe('Console.mp4');
  });

  it('cut long hooks at a word, never inside a character, within the byte budget', () => {
    const long = wall('Stop scrolling right now because this serum changed my skin in seven days and it will change yours');
    expect(long).toBe('Stop scrolling right now because this serum changed my skin.mp4');
    const emoji = wall('👨‍👩‍👧'.repeat(100));
    expect(emoji.replace('.mp4', '')).toBe('👨‍👩‍👧'.repeat(Math.floor(MAX_STEM_BYTES / bytes('👨‍👩‍👧'))));
    const cjk = safeStem('漢'.repeat(500));
    expect(cjk).toBe('漢'.repeat(Math.min(MAX_HOOK_CHARS, MAX_STEM_BYTES / 3)));
    expect(safeStem('x'.repeat(500))).toBe('x'.repeat(MAX_HOOK_CHARS));
    expect(bytes(wall('é'.repeat(1000), { code: 'A'.repeat(100) }))).toBeLessThanOrEqual(MAX_STEM_BYTES + 4);
  });

  it('fall back on the title, then the composition', () => {
    expect(videoFileName({ compositionId: 'hook-product-demo', props: { hookText: '' }, title: 'Hook A + Demo A' })).toBe('Hook A + Demo A.mp4');
    expect(videoFileName({ compositionId: 'hook-product-demo', props: { hookText: 'Crème brûlée 🍮' }, title: 'Hook A + Demo A' })).toBe('Crème brûlée 🍮.mp4');
    expect(videoFileName({ compositionId: 'multi-text-wall', props: { walls: [{ text: ' ' }, { text: 'Première\nligne' }] } })).toBe('Première.mp4');
    expect(videoFileName({ compositionId: 'text-wall', props: { text: '\u0000 / ' } })).toBe('text-wall.mp4');
    expect(videoFileName({ compositionId: 'text-wall', props: { text: '  \u0000  ' } })).toBe('text-wall.mp4');
    expect(videoFileName({ compositionId: 'text-wall', props: null })).toBe('text-wall.mp4');
    expect(videoHook('multi-text-wall', { walls: 'nope' })).toBe('');
  });

  it('put the ad code last, whole, before the extension', () => {
    expect(wall('Fraîche tous les jours', { code: 'HW-7KR2MX' })).toBe('Fraîche tous les jours HW-7KR2MX.mp4');
    expect(wall('', { code: 'HW/7KR2MX' })).toBe('text-wall HW-7KR2MX.mp4');
    const long = wall('🌿'.repeat(60), { code: 'HW-7KR2MX' });
    expect(long.endsWith(' HW-7KR2MX.mp4')).toBe(true);
    expect(bytes(long.slice(0, -4))).toBeLessThanOrEqual(MAX_STEM_BYTES);
    const both = videoFileName({ compositionId: 'text-wall', props: { text: '🌿'.repeat(60) }, variant: 'Punchy, Ocean waves', code: 'HW-7KR2MX' });
    expect(both.endsWith(' (Punchy, Ocean waves) HW-7KR2MX.mp4')).toBe(true);
    expect(bytes(both.slice(0, -4))).toBeLessThanOrEqual(MAX_STEM_BYTES);
  });

  it('are made unique in one set, ignoring case as Windows and macOS do', () => {
    const unique = uniqueFileNames();
    expect(['Journée.mp4', 'Journée.mp4', 'JOURNÉE.mp4', 'Journée (2).mp4', 'Autre.mp4'].map(unique)).toEqual(['Journée.mp4', 'Journée (2).mp4', 'JOURNÉE (3).mp4', 'Journée (2) (2).mp4', 'Autre.mp4']);
  });
});

describe('a variant in the name', () => {
  it('comes in brackets after the hook, whole, the hook giving way when long', () => {
    const variant = textWallVariant('Punchy', { id: 'bg', name: 'Ocean waves' });
    expect(variant).toBe('Punchy, Ocean waves');
    expect(textWallVariant('Bold', { id: null, name: null })).toBe('Bold, Gradient');
    expect(videoFileName({ compositionId: 'text-wall', props: { text: 'Your glow, in 4 weeks' }, variant })).toBe('Your glow, in 4 weeks (Punchy, Ocean waves).mp4');
    const long = videoFileName({ compositionId: 'text-wall', props: { text: '🌿'.repeat(60) }, variant });
    expect(long.endsWith(' (Punchy, Ocean waves).mp4')).toBe(true);
    expect(new TextEncoder().encode(long.slice(0, -4)).length).toBeLessThanOrEqual(MAX_STEM_BYTES);
  });
});
