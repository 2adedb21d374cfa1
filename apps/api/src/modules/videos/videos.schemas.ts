import { z } from 'zod';
import { FORMULAS, LANGUAGES, TONES } from '@hookwall/copywriter';
import { MAX_BULK_STYLES, MAX_BULK_VIDEOS, MAX_COMPOSITES_PER_CALL, MAX_NAME_CHARS, MAX_OVERLAY_TEXT_CHARS, MAX_TEXT_CHARS, MAX_VOICEOVER_CHARS } from '@hookwall/video/limits';
import { aspectSchema, captionsSchema, textStyleInputSchema, textStyleSchema } from '@hookwall/video/schemas';
import { pageSchema, paginationQuery } from '../../core/pagination.ts';
import { named } from '../../core/schema-registry.ts';
import { speedField, voiceIdField } from '../voices/voices.schemas.ts';
import { videoMusicOut, videoMusicSchema } from '../music-tracks/music-tracks.schemas.ts';
import { renderStartedSchema, renderStateShape, renderStatusSchema, VIDEO_STATUSES } from '../render-jobs/render-jobs.schemas.ts';
import { endCardRequest } from '../brand-kits/brand-kits.schemas.ts';

export { renderStartedSchema, renderStatusSchema };

/** winning videos a generate_texts call may take as examples */
export const MAX_LIKE_VIDEOS = 20;

/** The copywriter's tones, formulas and languages (packages/copywriter). */
const tone = z.enum(TONES, { error: `Choose a tone: ${TONES.join(', ')}.` });
const formula = z.enum(FORMULAS, { error: `Choose formulas from: ${FORMULAS.join(', ')}.` });
const language = z.enum(LANGUAGES, { error: `Choose a language: ${LANGUAGES.join(', ')}.` });

const text = z.string().trim().min(1, 'Enter the text of the video.').max(MAX_TEXT_CHARS, `Keep the text under ${MAX_TEXT_CHARS} characters.`);
const styleInput = textStyleInputSchema;
const duration = z.number().min(5).max(60);

/** A voice reading a text wall's text (GET /api/voices/); speed 0.5 to 2, 1 by default. */
export const textWallVoiceSchema = named('textWallVoice', z.object({ voice_id: voiceIdField, speed: speedField.default(1) }));
/** A voice reading a hook + demo composite's voice-over script: from the demo's start (default) or the hook's. */
export const compositeVoiceSchema = named(
  'compositeVoice',
  z.object({ voice_id: voiceIdField, speed: speedField.default(1), start: z.enum(['demo', 'hook'], { error: 'Choose where the voice-over starts: demo or hook.' }).default('demo') }),
);
/** Music under the video: one of the team's tracks (GET /api/music-tracks/) at a volume from 0 to 1 (0.3 by default); null or absent: none. */
const music = videoMusicSchema.nullish();
/** How the wall's words follow the voice: highlight, karaoke, pop or plain. */
export const textWallCaptionsSchema = named('textWallCaptions', captionsSchema);

/**
 * The end card a text wall (or a multi text wall) closes with: the composite's (the kit's logo over
 * the headline, the call to action and the address, on the card's colour). `after` says what it
 * follows, `length` what is its length.
 */
function endCardDescription(after: string, length: string): string {
  return `An end card after ${after}. Left out, null or false: none (a kit's card is never added unasked). true: the brand kit's end card, which must be on (\`end_card.enabled\` of the kit the batch takes, named or the team's default; else a 400 on end_card). An object: a card of its own, each field left out taken from the kit's card (on or off) when there is a kit, else empty (seconds: 3): headline (120 characters at most), cta (60), url (200, http(s) or a bare domain), seconds (1 to 5), color (#rrggbb; default the kit's primary colour, else #7c3aed); it needs a headline, a call to action or an address. The card is added: ${length}, and the video lasts that plus the card's seconds. It is kept with the video (\`end_card\`): a kit changed later does not change it.`;
}
export const videoEndCardFields = named(
  'videoEndCardFields',
  endCardRequest
    .omit({ enabled: true })
    // lower-cased where the card is made (endCardFor): a transform here would leave the OpenAPI document without its type
    .extend({ color: z.string().trim().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb, like #ffcc00.').optional() })
    .strict(),
);
export const videoEndCardRequest = z
  .union([z.boolean(), videoEndCardFields], { error: 'Send true (the brand kit’s end card), false, or an object of headline, cta, url, seconds and color.' })
  .nullish();
/** A video's end card as it is kept: what its render shows. */
export const videoEndCardSchema = named('videoEndCard', z.object({ headline: z.string(), cta: z.string(), url: z.string(), seconds: z.number(), color: z.string() }));

export const videoListQuery = paginationQuery.extend({
  status: z
    .string()
    .max(100)
    .optional()
    .refine((v) => !v || v.split(',').every((s) => (VIDEO_STATUSES as readonly string[]).includes(s.trim())), {
      message: `Choose from: ${VIDEO_STATUSES.join(', ')}.`,
    }),
  bulk_job_id: z.uuid().optional(),
  search: z.string().max(200).optional(),
});

export const textWallVideoRequest = named(
  'textWallVideoRequest',
  z.object({
    text,
    /** a background of the library (built-in or the team's); none draws the brand gradient */
    background_video_id: z.uuid().nullish(),
    style: styleInput.optional(),
    duration_seconds: duration.optional(),
    aspect: aspectSchema.optional(),
    context_id: z.number().int().positive().nullish(),
    /** music under the video; in a PATCH, null takes it off */
    music,
    /** start rendering at once (needs an active subscription); default true */
    render: z.boolean().optional(),
  }),
);
export const patchedTextWallVideoRequest = named('patchedTextWallVideoRequest', textWallVideoRequest.omit({ render: true }).partial());

export const textWallVideoSchema = named(
  'textWallVideo',
  z.object({
    id: z.string(),
    text: z.string(),
    background_video_id: z.string().nullable(),
    /** the background's name, to tell variants apart (null without one, or when it was deleted) */
    background_name: z.string().nullable(),
    context_id: z.number().nullable(),
    style: textStyleSchema,
    duration_seconds: z.number(),
    aspect: aspectSchema,
    /** the voice that reads the text, or null for a silent wall */
    voice: z.object({ voice_id: z.string(), speed: z.number() }).nullable(),
    /** the captions' style, or null */
    captions: captionsSchema.nullable(),
    /** the brand kit it was made with, or null */
    brand_kit_id: z.string().nullable(),
    end_card: videoEndCardSchema.nullable().describe('the end card after the wall (the video lasts duration_seconds and its seconds), or null'),
    /** the music under it ({track_id, volume}), or null; a track deleted since fails the next render with the reason */
    music: videoMusicOut.nullable(),
    ad_code: z
      .string()
      .describe("the video's ad code, `HW-` and 6 characters: put it in the ad's name in Meta, TikTok or Google (the download's name and the MP4's title and comment carry it) so that imported results find the video"),
    bulk_job_id: z.string().nullable(),
    render_job_id: z.string().nullable(),
    ...renderStateShape,
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export const textWallVideoPage = named('paginatedTextWallVideoList', pageSchema(textWallVideoSchema));

/** A text wall batch's checks across its fields (a template of one takes them too: video-templates.schemas.ts). */
type FieldsCheck<T> = [check: (value: T) => boolean, params: { message: string; path: string[] }];
export const oneStyleOrSeveral: FieldsCheck<{ style?: unknown; styles?: unknown }> = [(v) => !(v.style && v.styles), { message: 'Send either style or styles, not both.', path: ['styles'] }];
export const captionsNeedVoice: FieldsCheck<{ captions?: unknown; voice?: unknown }> = [(v) => !v.captions || !!v.voice, { message: 'Captions follow a voice: choose a voice too.', path: ['captions'] }];

export const bulkVideoJobCreateRequest = named(
  'bulkVideoJobCreateRequest',
  z.object({
    texts: z.array(z.string().max(MAX_TEXT_CHARS)).max(MAX_BULK_VIDEOS, `At most ${MAX_BULK_VIDEOS} videos a call.`).optional(),
    context_id: z.number().int().positive().optional(),
    count: z.number().int().min(1).max(MAX_BULK_VIDEOS, `At most ${MAX_BULK_VIDEOS} videos a call.`).optional(),
    background_video_ids: z.array(z.uuid()).max(50).default([]),
    style: styleInput.optional(),
    /** several styles: used in turn (combine 'cycle') or each one with every text and background ('matrix'); not with `style` */
    styles: z.array(styleInput).min(1, 'Choose at least one style.').max(MAX_BULK_STYLES, `At most ${MAX_BULK_STYLES} styles a call.`).optional(),
    /** 'cycle' (default): one video per text, backgrounds and styles in turn; 'matrix': one per text × background × style */
    combine: z.enum(['cycle', 'matrix'], { error: 'Choose how to combine: cycle or matrix.' }).optional(),
    /** the wall's length: with a voice, left out, each video lasts its speech plus a second (at least 5 s); set, every speech must fit in it. An end card is added after it */
    duration_seconds: duration.optional(),
    aspect: aspectSchema.optional(),
    tone: tone.optional(),
    /** the brand kit the videos take (its font, colours, logo, end card); left out: the team's default kit; null: none */
    brand_kit_id: z.uuid().nullish(),
    /** a voice reads each video's text (the speech is cached: a preview's speak/ of the same text is reused) */
    voice: textWallVoiceSchema.optional(),
    /** captions that follow the voice's words; needs a voice */
    captions: textWallCaptionsSchema.optional(),
    /** the same music under every video (lowered under the voice while it speaks) */
    music,
    end_card: videoEndCardRequest.describe(endCardDescription('each wall', "duration_seconds (or, with a voice left to fit, the speech's length) is the wall's")),
  })
    .refine(...oneStyleOrSeveral)
    .refine(...captionsNeedVoice),
);
export type BulkVideoJobCreate = z.infer<typeof bulkVideoJobCreateRequest>;

export const bulkJobCreatedSchema = named('bulkJobCreated', z.object({ job_id: z.string(), total: z.number().int(), video_ids: z.array(z.string()) }));

export const bulkJobStatusSchema = named(
  'bulkJobStatus',
  z.object({
    job_id: z.string(),
    kind: z.enum(['text_wall', 'hook_product_demo', 'multi_text_wall']),
    status: z.enum(['running', 'completed', 'partial', 'failed', 'cancelled']),
    total: z.number().int(),
    queued: z.number().int(),
    rendering: z.number().int(),
    completed: z.number().int(),
    failed: z.number().int(),
    cancelled: z.number().int(),
    video_ids: z.array(z.string()),
    /** why each failed video failed */
    failures: z.array(z.object({ video_id: z.string(), error: z.string() })),
    created_at: z.string(),
  }),
);

export const generateTextsRequest = named(
  'generateTextsRequest',
  z.object({
    context_id: z.number().int().positive(),
    count: z.number().int().min(1).max(MAX_BULK_VIDEOS),
    tone: tone.optional(),
    /** one formula, or several: only texts that follow them */
    formula: z.union([formula, z.array(formula).min(1, 'Choose at least one formula.').max(FORMULAS.length)]).optional(),
    /** the language to write in; detected from the context when absent */
    language: language.optional(),
    like_video_ids: z
      .array(z.uuid({ error: 'Must be a valid UUID.' }))
      .min(1, 'Choose at least one video.')
      .max(MAX_LIKE_VIDEOS, `At most ${MAX_LIKE_VIDEOS} videos.`)
      .optional()
      .describe('the team’s videos (text walls or composites) whose texts won: new texts follow their shape (opening words, length, punctuation, emoji) in other words, and never repeat them'),
  }),
);
export const generatedTextsSchema = named(
  'generatedTexts',
  z.object({
    texts: z.array(z.string()),
    provider: z.enum(['template', 'openai']),
    credits_spent: z.number().int(),
    /** the texts again, each with the formula it follows */
    items: z.array(z.object({ text: z.string(), formula: z.enum(FORMULAS) })),
    /** the language they are written in */
    language: z.enum(LANGUAGES),
  }),
);

// ---- composites ----

export const COMPOSITE_COMPOSITIONS = ['hook-product-demo', 'multi-text-wall'] as const;

export const compositeVideoCreateRequest = named(
  'compositeVideoCreateRequest',
  z.object({
    name: z.string().trim().min(1).max(MAX_NAME_CHARS).optional(),
    composition_id: z.enum(COMPOSITE_COMPOSITIONS),
    /** hook-product-demo: the hook clip and the demo clip (brand videos) */
    hook_video_id: z.uuid().nullish(),
    product_demo_video_id: z.uuid().nullish(),
    /** the composition's other props (texts, style, aspect…); see composition_configs. Its music is `music`, never a prop of the config */
    config: z.record(z.string(), z.unknown()).default({}),
    /** the brand kit the videos take (its font, colours, logo, end card); left out: the team's default kit; null: none */
    brand_kit_id: z.uuid().nullish(),
    /** hook-product-demo: a voice reading config.voiceoverText */
    voice: compositeVoiceSchema.nullish(),
    music,
    render: z.boolean().optional(),
  }),
);
export const compositeVideoRequest = named(
  'compositeVideoRequest',
  z.object({
    name: z.string().trim().min(1).max(MAX_NAME_CHARS).optional(),
    config: z.record(z.string(), z.unknown()).optional(),
    /** null takes the music off */
    music,
  }),
);

export const compositeVideoSchema = named(
  'compositeVideo',
  z.object({
    id: z.string(),
    name: z.string(),
    composition_id: z.string(),
    config: z.record(z.string(), z.unknown()),
    hook_video_id: z.string().nullable(),
    product_demo_video_id: z.string().nullable(),
    /** the voice reading config.voiceoverText, or null */
    voice: z.object({ voice_id: z.string(), speed: z.number() }).nullable(),
    /** the brand kit it was made with, or null */
    brand_kit_id: z.string().nullable(),
    /** the music under it ({track_id, volume}), or null */
    music: videoMusicOut.nullable(),
    ad_code: z
      .string()
      .describe("the video's ad code, `HW-` and 6 characters: put it in the ad's name in Meta, TikTok or Google (the download's name and the MP4's title and comment carry it) so that imported results find the video"),
    bulk_job_id: z.string().nullable(),
    render_job_id: z.string().nullable(),
    ...renderStateShape,
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export const compositeVideoPage = named('paginatedCompositeVideoList', pageSchema(compositeVideoSchema));

// ---- both kinds in one list (`/api/videos/`) ----

export const allVideosListQuery = videoListQuery.extend({
  /** one kind only; both when absent */
  type: z.enum(['text_wall', 'composite'], { error: 'Choose a type: text_wall or composite.' }).optional(),
  ordering: z.string().max(50).optional().describe('created_at or updated_at; prefix - for descending (default -created_at)'),
});

/** A video of the list of both kinds: its kind's fields as its own endpoint shows them, and `type`. */
export const videoListItemSchema = named(
  'videoListItem',
  z.discriminatedUnion('type', [
    named('textWallVideoListItem', textWallVideoSchema.extend({ type: z.literal('text_wall') })),
    named('compositeVideoListItem', compositeVideoSchema.extend({ type: z.literal('composite') })),
  ]),
);
export const videoPage = named('paginatedVideoList', pageSchema(videoListItemSchema));

export const bulkHookDemoRequest = named(
  'bulkCreateHookProductDemoRequest',
  z.object({
    hook_video_ids: z.array(z.uuid()).min(1, 'Choose at least one hook.').max(MAX_COMPOSITES_PER_CALL),
    product_demo_video_ids: z.array(z.uuid()).min(1, 'Choose at least one product demo.').max(MAX_COMPOSITES_PER_CALL),
    // hook 1 + demo 1, hook 1 + demo 2, …: the order bulkCreateHookProductDemo makes them in
    overlay_texts: z
      .array(z.string().trim().max(MAX_OVERLAY_TEXT_CHARS))
      .max(MAX_COMPOSITES_PER_CALL)
      .optional()
      .describe('Hook texts by pair. The pairs are each hook in the order sent with every demo in the order sent; pair i gets overlay_texts[i % n], so one text per pair gives each its own (an empty one: no hook text).'),
    demo_text: z.string().trim().max(MAX_OVERLAY_TEXT_CHARS).optional(),
    caption_text: z.string().trim().max(MAX_OVERLAY_TEXT_CHARS).optional(),
    product_name: z.string().trim().max(80).optional(),
    end_card_text: z.string().trim().max(120).optional(),
    brand_color: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour like #ffcc00.')
      .optional()
      .describe("The end card's colour (brandColor). With style.clipFit 'fit' the bars take style.barColor."),
    style: styleInput.optional(),
    aspect: aspectSchema.optional(),
    /** the brand kit the videos take (its font, colours, logo, end card); left out: the team's default kit; null: none */
    brand_kit_id: z.uuid().nullish(),
    voiceover_texts: z
      .array(z.string().trim().max(MAX_VOICEOVER_CHARS, `At most ${MAX_VOICEOVER_CHARS} characters.`).refine((t) => !t.includes('\0'), 'Remove the NUL character.'))
      .max(MAX_COMPOSITES_PER_CALL)
      .optional()
      .describe('Voice-over scripts by pair, as overlay_texts: pair i gets voiceover_texts[i % n] (an empty one: no voice-over). Needs a voice.'),
    voice: compositeVoiceSchema.optional(),
    /** the voice-over's words (and a transcribed hook's own) captioned in this style */
    captions: textWallCaptionsSchema.optional(),
    /** the same music under every pair */
    music,
  })
    .refine((v) => !v.voice || (v.voiceover_texts ?? []).some((t) => t), { message: 'Write the voice-over script: one for all pairs, or one per pair.', path: ['voiceover_texts'] })
    .refine((v) => v.voice || !(v.voiceover_texts ?? []).some((t) => t), { message: 'Choose a voice to read the voice-over.', path: ['voice'] }),
);

export const multiTextWallRequest = named(
  'multiTextWallRequest',
  z
    .object({
      name: z.string().trim().min(1).max(MAX_NAME_CHARS).optional(),
      text_wall_video_ids: z.array(z.uuid()).min(1).max(20).optional(),
      texts: z.array(text).min(1).max(20).optional(),
      background_video_ids: z.array(z.uuid()).max(20).default([]),
      seconds_per_wall: z.number().min(1).max(60).optional(),
      transition: z.enum(['none', 'fade', 'slide']).optional(),
      style: styleInput.optional(),
      aspect: aspectSchema.optional(),
      /** the brand kit the video takes; left out: the team's default kit; null: none */
      brand_kit_id: z.uuid().nullish(),
      music,
      end_card: videoEndCardRequest.describe(endCardDescription('the last wall', 'the walls keep their seconds')),
    })
    .refine((v) => !!v.text_wall_video_ids?.length !== !!v.texts?.length, { message: 'Send either text_wall_video_ids or texts.', path: ['texts'] }),
);

export const compositionConfigSchema = named(
  'compositionConfig',
  z.object({
    id: z.string(),
    name: z.string(),
    description: z.string(),
    width: z.number().int(),
    height: z.number().int(),
    fps: z.number(),
    duration_in_frames: z.number().int(),
    default_props: z.record(z.string(), z.unknown()),
    props_schema: z.record(z.string(), z.unknown()),
  }),
);

export const videoIdParam = z.object({ id: z.uuid() });
export const jobIdParam = z.object({ jobId: z.uuid() });
export const emptyRequest = z.object({}).nullish();
