import { STYLE_PRESETS } from '@hookwall/video/schemas';
import type { BrandKit, MultiTextWallTemplateSettings } from '@/api/api';
import { DEFAULT_KIT } from '@/features/brand';
import { musicChoiceOf, musicRequest } from '@/features/music';
import { kitChoiceOf, templateKitId, wholeStyle, type TemplateOf, type TemplateSetup } from '@/features/templates';
import { DEFAULT_WALL_SECONDS, newWall, type MultiWallDraft } from './multi-text-wall-state';

/**
 * A multi text wall as a template, in the fields of `POST /api/composite-videos/multitextwall/`
 * (docs/video-templates.md): the walls' texts, their backgrounds used in turn and one length for
 * every wall (the first wall's), the transition, the look, the music and the kit. A template of
 * walls with lengths of their own, or some without a background, opens with them evened out.
 */
export function templateOfMultiWall(draft: MultiWallDraft, kits: BrandKit[]): TemplateSetup {
  const texts = draft.walls.map((w) => w.text.trim()).filter(Boolean);
  const settings: MultiTextWallTemplateSettings = {
    ...(texts.length ? { texts } : {}),
    background_video_ids: draft.walls.flatMap((w) => (w.backgroundId ? [w.backgroundId] : [])),
    seconds_per_wall: draft.walls[0]?.seconds ?? DEFAULT_WALL_SECONDS,
    transition: draft.transition,
    style: draft.style,
    aspect: draft.aspect,
    ...musicRequest(draft.music),
  };
  return { composition: 'multi-text-wall', brand_kit_id: templateKitId(draft.brandKit ?? DEFAULT_KIT, kits), settings };
}

/** A template as the dialog's draft: its walls made as the batch endpoint makes them (backgrounds in turn, one length). */
export function multiWallDraftOf(template: TemplateOf<'multi-text-wall'>, kits: BrandKit[]): MultiWallDraft {
  const s = template.settings;
  const backgrounds = s.background_video_ids ?? [];
  const seconds = s.seconds_per_wall ?? DEFAULT_WALL_SECONDS;
  const texts = s.texts?.length ? s.texts : ['', ''];
  return {
    walls: texts.map((text, i) => newWall(text, seconds, backgrounds.length ? backgrounds[i % backgrounds.length]! : null)),
    transition: s.transition ?? 'fade',
    aspect: s.aspect ?? '9:16',
    style: wholeStyle(s.style, STYLE_PRESETS.punchy.style),
    music: musicChoiceOf(s.music),
    brandKit: kitChoiceOf(template.brand_kit_id, kits),
  };
}
