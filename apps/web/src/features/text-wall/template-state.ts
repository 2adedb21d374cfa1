import { MAX_BULK_STYLES } from '@hookwall/video/limits';
import { presetSchema, type PresetId } from '@hookwall/video/schemas';
import type { BrandKit, TextWallTemplateSettings } from '@/api/api';
import { kitChoiceOf, templateKitId, wholeStyle, type TemplateOf, type TemplateSetup } from '@/features/templates';
import { initialBuilderState, type BuilderSetup } from './builder-state';
import { ANY_COPY, copyOptionsRequest, type CopyOptions } from './copy-options';
import { builderMusicRequest, voiceRequest } from './create-request';
import { styleRequest } from './matrix';

/**
 * The builder as a template (docs/video-templates.md): what its Create sends but the texts (the
 * style or the matrix's styles, the backgrounds, the voice and captions, the length, the format,
 * the music, the end card), with how Generate texts writes them (how many, tone, formula, language)
 * and the kit.
 * And the way back: a template's settings as the builder's state, the texts and product untouched.
 */

/** The template of the builder's setup (`POST /api/video-templates/` less its name). */
export function templateOfBuilder(state: BuilderSetup, kits: BrandKit[]): TemplateSetup {
  const settings: TextWallTemplateSettings = {
    background_video_ids: state.backgroundIds,
    ...styleRequest(state),
    ...voiceRequest(state),
    ...builderMusicRequest(state),
    // the switch as it is: a batch then asks for the kit's card, which the kit must have on by then
    ...(state.endCard ? { end_card: true } : {}),
    aspect: state.aspect,
    count: state.count,
    ...copyOptionsRequest(state.copyOptions),
  };
  return { composition: 'text-wall', brand_kit_id: templateKitId(state.brandKit, kits), settings };
}

/** The builder's copy options of a template's: a formula list of one is that formula, of several the copywriter's mix. */
function copyOptionsOf(settings: TextWallTemplateSettings): CopyOptions {
  const formula = Array.isArray(settings.formula) ? (settings.formula.length === 1 ? settings.formula[0] : undefined) : settings.formula;
  return { tone: settings.tone ?? ANY_COPY.tone, formula: formula ?? ANY_COPY.formula, language: settings.language ?? ANY_COPY.language };
}

/**
 * The builder's fields a template sets: every one of its setup, to the template's value or the new
 * builder's (a field the template leaves out is not left as it was). Texts, product and step stay.
 */
export function builderPatchOf(template: TemplateOf<'text-wall'>, kits: BrandKit[]): BuilderSetup {
  const s = template.settings;
  const blank = initialBuilderState();
  const matrix = s.combine === 'matrix' && !!s.styles?.length;
  const presets = matrix ? [...new Set(s.styles!.map((style) => presetSchema.catch('bold').parse(style.preset)))].slice(0, MAX_BULK_STYLES) : [];
  return {
    backgroundIds: s.background_video_ids ?? [],
    // a matrix's styles share their changes (matrix.ts): the first one, over its preset, is the style the editor shows
    style: wholeStyle(s.style ?? s.styles?.[0], blank.style),
    combine: matrix ? 'matrix' : 'cycle',
    matrixPresets: presets as PresetId[],
    aspect: s.aspect ?? blank.aspect,
    duration: s.duration_seconds ?? blank.duration,
    voiceId: s.voice?.voice_id ?? null,
    speed: s.voice?.speed ?? blank.speed,
    captionStyle: s.captions?.style ?? blank.captionStyle,
    // with a voice and no length, each video lasts its speech (voiceRequest sent none)
    fitVoice: s.voice ? s.duration_seconds === undefined : blank.fitVoice,
    musicTrackId: s.music?.track_id ?? null,
    musicVolume: s.music?.volume ?? blank.musicVolume,
    count: s.count ?? blank.count,
    copyOptions: copyOptionsOf(s),
    brandKit: kitChoiceOf(template.brand_kit_id, kits),
    // a card of its own (saved through the API) is the kit's card here: the builder's switch has no other
    endCard: !!s.end_card,
  };
}
