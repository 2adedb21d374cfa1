import { videoHook } from '@hookwall/text-files/file-names';
import { MAX_NAME_CHARS } from '@hookwall/video/limits';
import type { Config } from './video-kinds.ts';

/**
 * A composite's default name: what it says, not which files it is made of. The hook text (a multi
 * text wall's first wall), its first line, the way its download is named
 * (packages/text-files/src/file-names.ts); the fallback (the clips' titles) only when it has no text.
 */

/** At most this many characters of the text: a title the videos grid can show. */
export const MAX_TITLE_CHARS = 80;

/** Cuts a text to `max` characters (graphemes, so no emoji is split), at a word's end when one is near, with an ellipsis. */
export function shortTitle(text: string, max = MAX_TITLE_CHARS): string {
  const clean = text.replace(/\s+/gu, ' ').trim();
  const graphemes = [...new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(clean)].map((s) => s.segment);
  if (graphemes.length <= max) return clean;
  const cut = graphemes.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space >= cut.length * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?–—-]+$/u, '')}…`;
}

/** The name of a composite from its config, else `fallback`; both kept within MAX_NAME_CHARS. */
export function compositeName(compositionId: string, config: Config, fallback: string): string {
  const title = shortTitle(videoHook(compositionId, config));
  return (title || fallback).slice(0, MAX_NAME_CHARS);
}

/** What a composite without text is called: its clips' titles, or how many walls it has. */
export function fallbackName(compositionId: string, config: Config, clips: { hook?: string; demo?: string } = {}): string {
  if (compositionId === 'hook-product-demo') return [clips.hook, clips.demo].filter(Boolean).join(' + ') || 'Hook + product demo';
  const walls = Array.isArray(config.walls) ? config.walls.length : 0;
  return `Multi text wall (${walls} walls)`;
}
