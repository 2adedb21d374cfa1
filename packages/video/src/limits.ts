/**
 * The limits of making videos, in one place: the web app checks them as the user types, the API
 * validates requests with them, and the bulk file parser stops at them. Change one here and all
 * three follow.
 */

/** videos one bulk request (typed texts, a count, or an uploaded file) may make */
export const MAX_BULK_VIDEOS = 200;
/** hook + demo pairs one composite request may make */
export const MAX_COMPOSITES_PER_CALL = 100;
/** characters in one text-wall text */
export const MAX_TEXT_CHARS = 1000;
/** characters in a composite's overlay text */
export const MAX_OVERLAY_TEXT_CHARS = 300;
/** characters in a video's name */
export const MAX_NAME_CHARS = 200;
/** bytes of an uploaded CSV or text file of texts */
export const MAX_TEXT_FILE_BYTES = 2 * 1024 * 1024;
/** the same, as the messages say it */
export const MAX_TEXT_FILE_LABEL = '2 MB';
