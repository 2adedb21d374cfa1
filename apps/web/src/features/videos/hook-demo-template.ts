import type { BrandKit, HookProductDemoTemplateSettings } from '@/api/api';
import type { KitChoice } from '@/features/brand';
import { musicChoiceOf, musicRequest, type MusicChoice } from '@/features/music';
import { kitChoiceOf, templateKitId, wholeStyle, type TemplateOf, type TemplateSetup } from '@/features/templates';
import { hookDemoDraftFrom, hookDemoDraftRequest, type HookDemoDraft } from './hook-demo-fields';
import { NO_VOICE_OVER, voiceOverRequest, type VoiceOverDraft } from './voice-over-fields';

/**
 * A hook + demo batch as a template (docs/video-templates.md): what its Create sends, the clips,
 * the text typed for every pair, the end card, the look, the voice-over and the music, with the kit.
 * The hook texts changed pair by pair are not kept: they belong to those pairs.
 */
export interface HookDemoSetup {
  hookIds: string[];
  demoIds: string[];
  draft: HookDemoDraft;
  voiceOver: VoiceOverDraft;
  music: MusicChoice | null;
  brandKit: KitChoice;
}

export function templateOfHookDemo(form: HookDemoSetup, kits: BrandKit[]): TemplateSetup {
  const { draft } = form;
  const settings: HookProductDemoTemplateSettings = {
    ...(form.hookIds.length ? { hook_video_ids: form.hookIds } : {}),
    ...(form.demoIds.length ? { product_demo_video_ids: form.demoIds } : {}),
    ...(draft.hookText.trim() ? { overlay_texts: [draft.hookText] } : {}),
    ...hookDemoDraftRequest(draft),
    // the captions' style is kept also without a voice (a hook that speaks has its own words captioned)
    ...voiceOverRequest(form.voiceOver, true),
    ...musicRequest(form.music),
  };
  return { composition: 'hook-product-demo', brand_kit_id: templateKitId(form.brandKit, kits), settings };
}

/** A template's setup as the dialog's state: every field to the template's value or a new dialog's. */
export function hookDemoSetupOf(template: TemplateOf<'hook-product-demo'>, kits: BrandKit[]): HookDemoSetup {
  const s = template.settings;
  const blank = hookDemoDraftFrom(null);
  const captions = s.captions?.style ?? (s.voice ? NO_VOICE_OVER.captions : null);
  return {
    hookIds: s.hook_video_ids ?? [],
    demoIds: s.product_demo_video_ids ?? [],
    draft: {
      hookText: s.overlay_texts?.[0] ?? '',
      demoText: s.demo_text ?? blank.demoText,
      captionText: s.caption_text ?? blank.captionText,
      productName: s.product_name ?? blank.productName,
      endCardText: s.end_card_text ?? blank.endCardText,
      brandColor: s.brand_color ?? blank.brandColor,
      aspect: s.aspect ?? blank.aspect,
      style: wholeStyle(s.style, blank.style),
    },
    voiceOver: s.voice
      ? { voiceId: s.voice.voice_id, speed: s.voice.speed, start: s.voice.start, script: s.voiceover_texts?.[0] ?? '', captions }
      : { ...NO_VOICE_OVER, captions: s.captions?.style ?? NO_VOICE_OVER.captions },
    music: musicChoiceOf(s.music),
    brandKit: kitChoiceOf(template.brand_kit_id, kits),
  };
}
