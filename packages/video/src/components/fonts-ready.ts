import { useLayoutEffect, useState } from 'react';
import { continueRender, delayRender } from 'remotion';

/**
 * Holds the frame (delayRender) until the faces that `text` needs in the CSS `font` (weight, size
 * and the whole family stack) are loaded. The shipped fonts are split by unicode-range and load on
 * first use, so without this the first frame with Arabic or emoji could be drawn before they came.
 */
export function useFontsReady(font: string, text: string): void {
  const [handle] = useState(() => delayRender(`Loading fonts for ${font}`));
  useLayoutEffect(() => {
    let isDone = false;
    const finish = () => {
      if (!isDone) {
        isDone = true;
        continueRender(handle);
      }
    };
    const fonts = typeof document !== 'undefined' ? document.fonts : undefined;
    if (!fonts || !text.trim()) finish();
    else void fonts.load(font, text).catch(() => []).then(finish, finish);
    return finish;
  }, [font, text, handle]);
}
