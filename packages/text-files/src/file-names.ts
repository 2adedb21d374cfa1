/**
 * The name a rendered video is saved under, made in one place for the API (the Content-Disposition
 * of its download URL) and the web app (the entries of the zip it builds, the link's `download`):
 * the video's hook, its first line of text, kept as written (accents, emoji, any script) and made
 * safe as a file name on Windows, macOS and Linux, and inside a zip.
 */

/** What a video is named after: its composition and props (a text wall's `{ text }`, a composite's config), and a title to fall back on. */
export interface NamedVideo {
  compositionId: string;
  props: unknown;
  /** used when the hook is empty (a composite made without hook text: its name) */
  title?: string | null;
  /** the video's ad code (`HW-XXXXXX`), put last, before the extension, and never cut */
  code?: string | null;
  /** what tells it from videos of the same text (a bulk job's preset and background), in brackets after the hook */
  variant?: string | null;
}

/**
 * A text wall's variant, as its card and its file name (when videos of its bulk job share its
 * text in other variants) show it: its style preset's label and its background's name, "Gradient" without one.
 */
export function textWallVariant(presetLabel: string, background: { id: string | null; name: string | null }): string {
  return `${presetLabel}, ${backgroundLabel(background)}`;
}

/** A text wall's background as its card names it: "Gradient" without one. */
export function backgroundLabel(background: { id: string | null; name: string | null }): string {
  return background.id ? (background.name ?? 'Deleted background') : 'Gradient';
}

/** At most this many characters (graphemes) of the hook: a name, not the whole text. */
export const MAX_HOOK_CHARS = 60;
/**
 * At most this many UTF-8 bytes for the name before its extension: file systems allow 255 bytes
 * (ext4) or 255 UTF-16 units (NTFS), and a copy suffix (" (12)") and ".mp4" must still fit.
 */
export const MAX_STEM_BYTES = 150;

const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The first non-blank line of a text. */
function firstLine(text: string): string {
  return text.split(/\r\n|[\n\r\u2028\u2029\u0085]/).find((line) => line.trim()) ?? '';
}

/** The hook of a video: the text wall's text, a hook + demo's hook text, a multi text wall's first wall; its first line. */
export function videoHook(compositionId: string, props: unknown): string {
  const p = (props && typeof props === 'object' ? props : {}) as Record<string, unknown>;
  if (compositionId === 'hook-product-demo') return firstLine(textOf(p.hookText));
  if (compositionId === 'multi-text-wall') {
    const walls = Array.isArray(p.walls) ? (p.walls as unknown[]) : [];
    const first = walls.map((w) => firstLine(textOf((w as { text?: unknown } | null)?.text))).find(Boolean);
    return first ?? '';
  }
  return firstLine(textOf(p.text));
}

// a surrogate without its pair is no character (and encodeURIComponent throws on it)
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// control characters (C0 with NUL, tab and line breaks; DEL; C1)
const CONTROL = /\p{Cc}/gu;
// invisible format characters: bidi overrides and isolates would reorder what the name shows
// (`evil\u202Efdp.mp4` reads as ending in "pdf"), zero-width spaces and BOMs hide in it. The
// joiners (ZWNJ, ZWJ: emoji sequences, Persian) and tag characters (subdivision flags) stay.
const INVISIBLE = /(?![\u200C\u200D\u{E0020}-\u{E007F}])\p{Cf}/gu;
// Windows refuses these in names; a slash or backslash would also make a folder in a zip
const SEPARATORS = /[/\\|]/g;
const RESERVED_PUNCTUATION = /[<>:"?*]/g;
// names Windows keeps for devices, with any extension ("con.mp4" cannot be created either)
const DEVICE_NAME = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³]|conin\$|conout\$)(\.|$)/i;

const utf8Length = (text: string) => new TextEncoder().encode(text).length;

/** Cuts a text to at most `maxChars` graphemes and `maxBytes` UTF-8 bytes, never inside a character, at a word's end when one is near. */
function cut(text: string, maxChars: number, maxBytes: number): string {
  if (text.length <= maxChars && utf8Length(text) <= maxBytes) return text;
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text)].map((s) => s.segment);
  let out = '';
  let count = 0;
  for (const g of graphemes) {
    if (count + 1 > maxChars || utf8Length(out + g) > maxBytes) break;
    out += g;
    count++;
  }
  // back to the last space when it keeps most of the text, so no word is cut in half
  const space = out.lastIndexOf(' ');
  return space >= out.length * 0.6 ? out.slice(0, space) : out;
}

/** A text made safe as the part of a file name before its extension; '' when nothing of it is left. */
export function safeStem(text: string, maxChars = MAX_HOOK_CHARS, maxBytes = MAX_STEM_BYTES): string {
  let stem = text
    .replace(LONE_SURROGATE, '')
    .normalize('NFC')
    .replace(CONTROL, ' ')
    .replace(INVISIBLE, '')
    .replace(SEPARATORS, '-')
    .replace(RESERVED_PUNCTUATION, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  stem = cut(stem, maxChars, maxBytes);
  // leading dots hide a file (and "." or ".." name a folder); Windows drops trailing dots and spaces
  stem = stem.replace(/^[\s.]+|[\s.]+$/gu, '');
  if (DEVICE_NAME.test(stem)) stem = `_${stem}`;
  // punctuation alone ("-", "…") names nothing: the caller's fallback does better
  return /[\p{L}\p{N}\p{S}]/u.test(stem) ? stem : '';
}

/**
 * The file name of a video: `hook[ (variant)][ code].ext`, e.g. `Fraîche tous les jours 🌿 HW-7KR2MX.mp4`;
 * the title, then the composition's id, when the hook leaves nothing. The ad code comes last and
 * whole, so a name cut anywhere by an ads manager's upload still shows it where people look.
 */
export function videoFileName(video: NamedVideo, ext = 'mp4'): string {
  const hook = safeStem(videoHook(video.compositionId, video.props)) || safeStem(video.title ?? '') || safeStem(video.compositionId) || 'video';
  const code = video.code ? safeStem(video.code, 40, 60) : '';
  const suffix = code ? ` ${code}` : '';
  const variant = video.variant ? safeStem(video.variant, 60, 100) : '';
  if (!variant) return `${fit(hook, MAX_STEM_BYTES - utf8Length(suffix))}${suffix}.${ext}`;
  // the hook gives way so that the variant, the part that tells the files apart, is whole
  const room = fit(hook, MAX_STEM_BYTES - utf8Length(variant) - 3 - utf8Length(suffix));
  return `${room} (${variant})${suffix}.${ext}`;
}

/** The hook cut to `maxBytes`, without a trailing space or dot. */
const fit = (hook: string, maxBytes: number) => cut(hook, MAX_HOOK_CHARS, maxBytes).replace(/[\s.]+$/u, '');

/**
 * Gives each name once in a set of files (a zip): a name already taken becomes `name (2).mp4`,
 * `name (3).mp4`… Names are compared as Windows and macOS do, ignoring case, so that unpacking
 * never overwrites one file with another.
 */
export function uniqueFileNames(): (name: string) => string {
  const taken = new Set<string>();
  const key = (name: string) => name.normalize('NFC').toLowerCase();
  return (name: string) => {
    const dot = name.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(key(candidate)); n++) candidate = `${stem} (${n})${ext}`;
    taken.add(key(candidate));
    return candidate;
  };
}
