import { useLayoutEffect, useState, type RefObject } from 'react';
import { continueRender, delayRender } from 'remotion';

/**
 * Long text shrinks down to this share of the chosen size (still readable on a phone); a word that
 * is wider than the line even then is broken instead (`breakWords`), at this size.
 */
export const MIN_FONT_SCALE = 0.4;
/**
 * Text still taller than its box at that size (the longest texts allowed, in wide letters) shrinks
 * on, down to this many pixels: smaller text, rather than text under the platforms' buttons or
 * out of the frame.
 */
export const MIN_FONT_PX = 12;

/** how long the fit waits, at most, for the page to lay the text out (attempts of LAYOUT_WAIT_MS) */
const LAYOUT_WAIT_ATTEMPTS = 500;
const LAYOUT_WAIT_MS = 10;

export interface Fit {
  fontSize: number;
  /** a word is wider than the line even at the smallest size: words break where they must */
  breakWords: boolean;
}

/**
 * The largest size (at most the chosen one, at least MIN_FONT_SCALE of it) at which the text fits
 * the box without breaking a word, measured in the page with the real fonts, so long text shrinks
 * or wraps and never overflows. A word still wider than the line at the smallest size is broken
 * there instead; text still too tall then shrinks on (MIN_FONT_PX). `measure` is a hidden copy of
 * the text that never breaks a word, `measureBroken` one that does (the same box when the text may
 * always break). Rendering waits (delayRender) until the fonts are loaded and the fit is known.
 */
export function useFittedFontSize(measure: RefObject<HTMLDivElement | null>, measureBroken: RefObject<HTMLDivElement | null>, key: string, base: number, maxWidth: number, maxHeight: number, font: string): Fit {
  const [fit, setFit] = useState<Fit>({ fontSize: base, breakWords: false });
  useLayoutEffect(() => {
    const handle = delayRender('Fitting text to the frame');
    let isDone = false;
    const finish = () => {
      if (!isDone) {
        isDone = true;
        continueRender(handle);
      }
    };
    let attempts = 0;
    const measureFit = () => {
      const el = measure.current;
      if (!el || isDone) return finish();
      // not laid out yet (a reused tab mounts the composition before it shows it, and its fonts are
      // already loaded): a box of no size would "fit" any text, so wait until it has one
      if (el.offsetWidth === 0 && attempts++ < LAYOUT_WAIT_ATTEMPTS) {
        setTimeout(measureFit, LAYOUT_WAIT_MS);
        return;
      }
      const isNarrowEnough = (box: HTMLDivElement) => box.scrollWidth <= maxWidth + 1;
      const fitsIn = (box: HTMLDivElement) => (px: number) => {
        box.style.fontSize = `${px}px`;
        return box.scrollHeight <= maxHeight && isNarrowEnough(box);
      };
      /** the largest size in [lo, hi] that fits (lo when none does) */
      const largest = (fits: (px: number) => boolean, lo: number, hi: number) => {
        if (fits(hi)) return hi;
        while (hi - lo > 1) {
          const mid = Math.floor((lo + hi) / 2);
          if (fits(mid)) lo = mid;
          else hi = mid;
        }
        return lo;
      };
      const smallest = Math.round(base * MIN_FONT_SCALE);
      let best = largest(fitsIn(el), smallest, base);
      let breakWords = false;
      if (best === smallest && !fitsIn(el)(smallest)) {
        // at the smallest size a word may still be wider than the line: it breaks then (the
        // second measure box breaks words as the text then does)
        breakWords = !isNarrowEnough(el);
        const box = breakWords ? measureBroken.current : el;
        // and text still too tall shrinks on
        if (box && !fitsIn(box)(smallest)) best = largest(fitsIn(box), Math.min(MIN_FONT_PX, smallest), smallest);
      }
      setFit({ fontSize: best, breakWords });
      finish();
    };
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    if (!fonts) {
      measureFit();
      return finish;
    }
    fonts
      .load(font, key)
      .catch(() => [])
      .then(() => fonts.ready)
      .then(measureFit, measureFit);
    return finish;
  }, [measure, measureBroken, key, base, maxWidth, maxHeight, font]);
  return fit;
}
