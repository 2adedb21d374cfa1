import { presetSchema, STYLE_PRESETS, textStyleSchema, type TextStyle } from '@hookwall/video/schemas';
import type { BrandKit, VideoTemplate, VideoTemplateRequest } from '@/api/api';
import { DEFAULT_KIT, NO_KIT, type KitChoice } from '@/features/brand';

/**
 * A template as a builder saves and applies it (docs/video-templates.md): its composition, kit and
 * settings, the name aside. The settings are the batch's own fields, so a builder's template is
 * what its Create sends, less the texts of the run.
 */
export type TemplateComposition = VideoTemplate['composition'];
type WithoutName<T> = T extends unknown ? Omit<T, 'name'> : never;
export type TemplateSetup = WithoutName<VideoTemplateRequest>;
export type TemplateOf<C extends TemplateComposition> = Extract<VideoTemplate, { composition: C }>;

export const COMPOSITION_LABELS: Record<TemplateComposition, string> = {
  'text-wall': 'Text walls',
  'hook-product-demo': 'Hook + demo',
  'multi-text-wall': 'Multi text wall',
};

/**
 * The kit a template keeps for a picker's choice: the default kit by its own id (a template
 * remembers which kit it was saved with), null for none. An id stays as it is: the API checks it.
 */
export function templateKitId(choice: KitChoice, kits: BrandKit[]): string | null {
  if (choice === NO_KIT) return null;
  if (choice === DEFAULT_KIT) return kits.find((k) => k.is_default)?.id ?? null;
  return choice;
}

/** A picker's choice for a template's kit: the default's own entry when it is the default today, none when the team no longer has it. */
export function kitChoiceOf(kitId: string | null, kits: BrandKit[]): KitChoice {
  const kit = kitId ? kits.find((k) => k.id === kitId) : undefined;
  if (!kit) return NO_KIT;
  return kit.is_default ? DEFAULT_KIT : kit.id;
}

/** Where a template opens: the text wall builder, or the Videos page with the composite's dialog. */
export function templateTarget(template: Pick<VideoTemplate, 'id' | 'composition'>): { to: '/create/text-wall' | '/videos'; search: { template: string } } {
  return { to: template.composition === 'text-wall' ? '/create/text-wall' : '/videos', search: { template: template.id } };
}

/** A style as a template keeps it (a preset with changes, as the batches take it) as a builder's whole style; one that no longer reads is its preset's. */
export function wholeStyle(style: Partial<TextStyle> | undefined, fallback: TextStyle = STYLE_PRESETS.bold.style): TextStyle {
  if (!style) return fallback;
  const preset = presetSchema.catch(fallback.preset).parse(style.preset);
  const parsed = textStyleSchema.safeParse({ ...STYLE_PRESETS[preset].style, ...style });
  return parsed.success ? parsed.data : STYLE_PRESETS[preset].style;
}
