import { FPS, multiTextWallMeta, multiTextWallPropsSchema, STYLE_PRESETS, textStyleSchema, wallSchema, type Aspect, type TextStyle } from '@hookwall/video/schemas';
import type { CompositeVideo, TextWallBackgroundVideo } from '@/api/api';
import type { KitChoice } from '@/features/brand';
import { musicChoiceOf, type MusicChoice } from '@/features/music';

/**
 * A multi text wall as the dialog edits it, and the config the API stores
 * (`{walls: [{text, durationInSeconds, background_video_id}], transition, aspect, style}`). The
 * limits are the composition's schema's (packages/video/src/schemas.ts), so they cannot drift.
 */

export type Transition = 'none' | 'fade' | 'slide';
export interface WallDraft {
  /** stable across moves, for React and the focus */
  key: string;
  text: string;
  seconds: number;
  backgroundId: string | null;
}
export interface MultiWallDraft {
  walls: WallDraft[];
  transition: Transition;
  aspect: Aspect;
  style: TextStyle;
  /** the music under it (the video's `music`, not a prop of its config) */
  music: MusicChoice | null;
  /** a new one's brand kit (the team's default when absent); an edited video keeps the kit it was made with */
  brandKit?: KitChoice;
}

type Checked = { _zod: { def: { checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number } } }[] } } };
const lengthCheck = (schema: unknown, check: string, fallback: number) =>
  (schema as Checked)._zod.def.checks?.map((c) => c._zod.def).find((d) => d.check === check)?.[check === 'max_length' ? 'maximum' : 'minimum'] ?? fallback;

export const MAX_WALLS = lengthCheck(multiTextWallPropsSchema.shape.walls, 'max_length', 20);
export const MIN_WALLS = lengthCheck(multiTextWallPropsSchema.shape.walls, 'min_length', 1);
export const MAX_WALL_CHARS = wallSchema.shape.text.maxLength ?? 1000;
const seconds = wallSchema.shape.durationInSeconds.unwrap();
export const MIN_WALL_SECONDS = seconds.minValue ?? 1;
export const MAX_WALL_SECONDS = seconds.maxValue ?? 60;
export const DEFAULT_WALL_SECONDS = 3;

let nextKey = 0;
export const newWall = (text = '', secs = DEFAULT_WALL_SECONDS, backgroundId: string | null = null): WallDraft => ({ key: `wall-${++nextKey}`, text, seconds: secs, backgroundId });

/** A new multi text wall, or a copy of `source`'s config (edit, duplicate). */
export function draftFrom(source?: CompositeVideo | null): MultiWallDraft {
  const config = (source?.config ?? {}) as { walls?: { text?: string; durationInSeconds?: number; background_video_id?: string | null }[]; transition?: Transition; aspect?: Aspect; style?: unknown };
  const walls = (config.walls ?? []).map((w) => newWall(w.text ?? '', w.durationInSeconds ?? DEFAULT_WALL_SECONDS, w.background_video_id ?? null));
  const style = textStyleSchema.safeParse(config.style);
  return {
    walls: walls.length ? walls : [newWall(), newWall()],
    transition: config.transition ?? 'fade',
    aspect: config.aspect ?? '9:16',
    style: style.success ? style.data : STYLE_PRESETS.punchy.style,
    music: musicChoiceOf(source?.music),
  };
}

/** The config the API takes (POST and PATCH /api/composite-videos/). */
export function configOf(draft: MultiWallDraft) {
  return {
    walls: draft.walls.map((w) => ({ text: w.text.trim(), durationInSeconds: w.seconds, ...(w.backgroundId ? { background_video_id: w.backgroundId } : {}) })),
    transition: draft.transition,
    aspect: draft.aspect,
    style: draft.style,
  };
}

/** What the preview plays: the walls (a blank one shows a placeholder) over their clips. */
export function previewPropsOf(draft: MultiWallDraft, backgrounds: Map<string, TextWallBackgroundVideo>) {
  return {
    walls: draft.walls.map((w, i) => {
      const bg = w.backgroundId ? backgrounds.get(w.backgroundId) : undefined;
      return {
        text: w.text.trim() || `Wall ${i + 1}`,
        durationInSeconds: Math.min(MAX_WALL_SECONDS, Math.max(MIN_WALL_SECONDS, w.seconds || MIN_WALL_SECONDS)),
        background: bg?.url && bg.duration ? { url: bg.url, durationInSeconds: bg.duration } : null,
      };
    }),
    transition: draft.transition,
    aspect: draft.aspect,
    style: draft.style,
  };
}

/** The video's length in seconds, transitions overlapping as the render does. */
export function totalSeconds(draft: MultiWallDraft): number {
  const parsed = multiTextWallPropsSchema.safeParse(previewPropsOf(draft, new Map()));
  return parsed.success ? multiTextWallMeta.calculate(parsed.data).durationInFrames / FPS : 0;
}

/** The checks the API makes, as the user types: keyed as its field errors are (`walls.0.text`). */
export function checkDraft(draft: MultiWallDraft): Record<string, string> {
  const errors: Record<string, string> = {};
  if (draft.walls.length < MIN_WALLS) errors.walls = `Add at least ${MIN_WALLS} wall.`;
  if (draft.walls.length > MAX_WALLS) errors.walls = `At most ${MAX_WALLS} walls.`;
  draft.walls.forEach((w, i) => {
    if (!w.text.trim()) errors[`walls.${i}.text`] = 'Enter the text of this wall.';
    else if (w.text.trim().length > MAX_WALL_CHARS) errors[`walls.${i}.text`] = `Keep it under ${MAX_WALL_CHARS} characters.`;
    if (!(w.seconds >= MIN_WALL_SECONDS && w.seconds <= MAX_WALL_SECONDS)) errors[`walls.${i}.durationInSeconds`] = `Between ${MIN_WALL_SECONDS} and ${MAX_WALL_SECONDS} seconds.`;
  });
  return errors;
}
