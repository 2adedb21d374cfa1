import { bulkVideoCount, describeBulkMatrix, MAX_BULK_VIDEOS, type BulkCombine } from '@hookwall/video/limits';
import type { TextStyle } from '@hookwall/video/schemas';
import { fieldError } from '../../core/errors.ts';
import type { RenderableClip } from '../background-videos/background-videos.service.ts';

/**
 * How a bulk_create turns its texts, backgrounds and styles into videos: in turn ('cycle', one video
 * per text) or every combination ('matrix', a test matrix). The count is checked against
 * MAX_BULK_VIDEOS before anything is written, charged or saved.
 */

export interface PlannedVideo {
  text: string;
  /** null: the brand gradient */
  background: RenderableClip | null;
  style: TextStyle;
}

/** The number of videos `texts` texts make (the texts given, or the number to write); a 400 on `texts` above the limit. */
export function checkVideoCount(texts: number, backgrounds: number, styles: number, combine: BulkCombine): number {
  const total = bulkVideoCount(texts, backgrounds, styles, combine);
  if (total > MAX_BULK_VIDEOS) {
    // only a matrix gets here: in turn, the texts (and the count) are held to the limit by the schema
    throw fieldError({ texts: `${describeBulkMatrix(texts, backgrounds, styles)} make ${total} videos; at most ${MAX_BULK_VIDEOS} a call.` });
  }
  return total;
}

/**
 * The videos, in a stable order. 'cycle': video i has text i, background i mod backgrounds, style i
 * mod styles. 'matrix': text-major, then background, then style (text 1 over background 1 in each
 * style, then over background 2, …), so that a text's variants sit together.
 */
export function combineVideos(texts: string[], backgrounds: RenderableClip[], styles: TextStyle[], combine: BulkCombine): PlannedVideo[] {
  const pick = <T>(list: T[], i: number) => list[i % list.length]!;
  if (combine === 'cycle') {
    return texts.map((text, i) => ({ text, background: backgrounds.length ? pick(backgrounds, i) : null, style: pick(styles, i) }));
  }
  const clips: (RenderableClip | null)[] = backgrounds.length ? backgrounds : [null];
  return texts.flatMap((text) => clips.flatMap((background) => styles.map((style) => ({ text, background, style }))));
}
