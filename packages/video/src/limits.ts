/**
 * The limits of making videos, in one place: the web app checks them as the user types, the API
 * validates requests with them, and the bulk file parser stops at them. Change one here and all
 * three follow.
 */

/** videos one bulk request (typed texts, a count, or an uploaded file) may make */
export const MAX_BULK_VIDEOS = 200;
/** styles one bulk request may combine with its texts and backgrounds */
export const MAX_BULK_STYLES = 6;
/** hook + demo pairs one composite request may make */
export const MAX_COMPOSITES_PER_CALL = 100;
/** characters in one text-wall text */
export const MAX_TEXT_CHARS = 1000;
/** characters in a composite's overlay text */
export const MAX_OVERLAY_TEXT_CHARS = 300;
/** characters in a composite's voice-over script (what one speech may read) */
export const MAX_VOICEOVER_CHARS = 1000;
/** seconds a composite's voice-over may last */
export const MAX_VOICEOVER_SECONDS = 60;
/** characters in a video's name */
export const MAX_NAME_CHARS = 200;
/** bytes of an uploaded CSV or text file of texts */
export const MAX_TEXT_FILE_BYTES = 2 * 1024 * 1024;
/** the same, as the messages say it */
export const MAX_TEXT_FILE_LABEL = '2 MB';

/** How a bulk request pairs its texts with its backgrounds and styles. */
export type BulkCombine = 'cycle' | 'matrix';

/**
 * The videos a bulk request makes: one per text with the backgrounds and styles in turn ('cycle'),
 * or one per text × background × style ('matrix'; no background chosen is the gradient, one).
 */
export function bulkVideoCount(texts: number, backgrounds: number, styles: number, combine: BulkCombine): number {
  return combine === 'matrix' ? texts * Math.max(1, backgrounds) * Math.max(1, styles) : texts;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A matrix's factors as the API's and the builder's messages say them: "3 texts × 4 backgrounds × 2 styles". */
export function describeBulkMatrix(texts: number, backgrounds: number, styles: number): string {
  const background = backgrounds === 0 ? '1 background (the gradient)' : plural(backgrounds, 'background');
  return `${plural(texts, 'text')} × ${background} × ${plural(Math.max(1, styles), 'style')}`;
}
