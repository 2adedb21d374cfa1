import { z } from 'zod';
import { pageSchema, paginationQuery } from '../../core/pagination.ts';
import { named } from '../../core/schema-registry.ts';
import { NO_CONTROL, noControl } from '../brand-kits/brand-kits.schemas.ts';
import { bulkHookDemoRequest, bulkVideoJobCreateRequest, captionsNeedVoice, generateTextsRequest, multiTextWallRequest, oneStyleOrSeveral } from '../videos/videos.schemas.ts';

/**
 * A template's settings are the fields of the batch it starts, as the batch's own endpoint takes
 * them: each field below IS that endpoint's schema (its `.shape`), never a copy, so a limit changed
 * there is changed here. What a batch gets per run (a text wall's texts, written from the product
 * each time) is not part of a template.
 */
export const TEMPLATE_COMPOSITIONS = ['text-wall', 'hook-product-demo', 'multi-text-wall'] as const;
export type TemplateComposition = (typeof TEMPLATE_COMPOSITIONS)[number];
export const MAX_TEMPLATE_NAME_CHARS = 80;

const wall = bulkVideoJobCreateRequest.shape;
const copy = generateTextsRequest.shape;
const hookDemo = bulkHookDemoRequest.shape;
const multi = multiTextWallRequest.shape;

/** `POST /api/text-wall-videos/bulk_create/`'s fields but the texts (the end card too), and how "Generate texts" writes them (generate_texts). */
export const textWallTemplateSettings = named(
  'textWallTemplateSettings',
  z
    .object({
      background_video_ids: wall.background_video_ids,
      style: wall.style,
      styles: wall.styles,
      combine: wall.combine,
      duration_seconds: wall.duration_seconds,
      aspect: wall.aspect,
      voice: wall.voice,
      captions: wall.captions,
      music: wall.music,
      end_card: wall.end_card,
      /** how many texts the copywriter writes for a batch */
      count: wall.count,
      tone: wall.tone,
      formula: copy.formula,
      language: copy.language,
    })
    .refine(...oneStyleOrSeveral)
    .refine(...captionsNeedVoice),
);

/**
 * `POST /api/composite-videos/bulk_create_hook_product_demo/`'s fields: the clips, the texts typed
 * for every pair, the end card, the look, the voice-over and the music. The checks across them (a
 * voice needs a script) are the batch's, made when it is started.
 */
export const hookProductDemoTemplateSettings = named(
  'hookProductDemoTemplateSettings',
  z.object({
    hook_video_ids: hookDemo.hook_video_ids.optional(),
    product_demo_video_ids: hookDemo.product_demo_video_ids.optional(),
    overlay_texts: hookDemo.overlay_texts,
    demo_text: hookDemo.demo_text,
    caption_text: hookDemo.caption_text,
    product_name: hookDemo.product_name,
    end_card_text: hookDemo.end_card_text,
    brand_color: hookDemo.brand_color,
    style: hookDemo.style,
    aspect: hookDemo.aspect,
    voiceover_texts: hookDemo.voiceover_texts,
    voice: hookDemo.voice,
    captions: hookDemo.captions,
    music: hookDemo.music,
  }),
);

/** `POST /api/composite-videos/multitextwall/`'s fields: the walls' texts, backgrounds in turn and length, the transition, the look and the end card. */
export const multiTextWallTemplateSettings = named(
  'multiTextWallTemplateSettings',
  z.object({
    texts: multi.texts,
    background_video_ids: multi.background_video_ids,
    seconds_per_wall: multi.seconds_per_wall,
    transition: multi.transition,
    style: multi.style,
    aspect: multi.aspect,
    music: multi.music,
    end_card: multi.end_card,
  }),
);

export const TEMPLATE_SETTINGS = {
  'text-wall': textWallTemplateSettings,
  'hook-product-demo': hookProductDemoTemplateSettings,
  'multi-text-wall': multiTextWallTemplateSettings,
} as const;

const NAME_MESSAGE = `Name the template (1 to ${MAX_TEMPLATE_NAME_CHARS} characters).`;
export const templateName = z
  .string({ error: NAME_MESSAGE })
  .trim()
  .min(1, NAME_MESSAGE)
  .max(MAX_TEMPLATE_NAME_CHARS, `Keep the name to ${MAX_TEMPLATE_NAME_CHARS} characters.`)
  .refine(noControl, NO_CONTROL);
const brandKitId = z
  .uuid({ error: 'Choose one of your team’s brand kits (its id), or null for none.' })
  .nullable()
  .describe('one of the team’s brand kits, or null: the batch takes none. A kit deleted later leaves it null.');

const requestOf = <C extends TemplateComposition, S extends z.ZodType<Record<string, unknown>>>(composition: C, settings: S) =>
  z.object({
    name: templateName,
    composition: z.literal(composition),
    brand_kit_id: brandKitId.optional(),
    // absent: the batch's own defaults for every field
    settings: settings.prefault({} as z.input<S>),
  });

export const videoTemplateRequest = named(
  'videoTemplateRequest',
  z.discriminatedUnion('composition', [requestOf('text-wall', textWallTemplateSettings), requestOf('hook-product-demo', hookProductDemoTemplateSettings), requestOf('multi-text-wall', multiTextWallTemplateSettings)], {
    error: `Choose a composition: ${TEMPLATE_COMPOSITIONS.join(', ')}.`,
  }),
);
export type VideoTemplateInput = z.infer<typeof videoTemplateRequest>;

export const patchedVideoTemplateRequest = named(
  'patchedVideoTemplateRequest',
  z.object({
    name: templateName.optional(),
    brand_kit_id: brandKitId.optional(),
    settings: z
      .record(z.string(), z.unknown(), { error: 'Send the settings as an object.' })
      .optional()
      .describe(
        'the whole setup, in place of the one before: the settings of the template’s composition (textWallTemplateSettings, hookProductDemoTemplateSettings or multiTextWallTemplateSettings), checked as on create. The composition itself stays: save a new template for another.',
      ),
  }),
);
export type PatchedVideoTemplateInput = z.infer<typeof patchedVideoTemplateRequest>;

const templateOf = <C extends TemplateComposition, S extends z.ZodType<Record<string, unknown>>>(id: string, composition: C, settings: S) =>
  named(
    id,
    z.object({
      id: z.string(),
      name: z.string(),
      composition: z.literal(composition),
      brand_kit_id: z.string().nullable(),
      settings,
      created_at: z.string(),
      updated_at: z.string(),
    }),
  );

export const videoTemplateSchema = named(
  'videoTemplate',
  z.discriminatedUnion('composition', [
    templateOf('textWallVideoTemplate', 'text-wall', textWallTemplateSettings),
    templateOf('hookProductDemoVideoTemplate', 'hook-product-demo', hookProductDemoTemplateSettings),
    templateOf('multiTextWallVideoTemplate', 'multi-text-wall', multiTextWallTemplateSettings),
  ]),
);
/** a template as the API answers it: its settings typed by its composition */
export type VideoTemplate = z.infer<typeof videoTemplateSchema>;
export const videoTemplatePage = named('paginatedVideoTemplateList', pageSchema(videoTemplateSchema));

export const videoTemplateListQuery = paginationQuery.extend({
  /** one composition's templates only (the builder lists its own) */
  composition: z.enum(TEMPLATE_COMPOSITIONS, { error: `Choose a composition: ${TEMPLATE_COMPOSITIONS.join(', ')}.` }).optional(),
});
export const uuidIdParam = z.object({ id: z.uuid() });
