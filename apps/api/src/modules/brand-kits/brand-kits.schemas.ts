import { z } from 'zod';
import { CAPTION_STYLES, textStyleInputSchema } from '@hookwall/video/schemas';
import { pageSchema, paginationQuery } from '../../core/pagination.ts';
import { named } from '../../core/schema-registry.ts';

export const LOGO_POSITIONS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'none'] as const;
export const MIN_LOGO_SCALE = 0.05;
export const MAX_LOGO_SCALE = 0.5;
export const DEFAULT_LOGO_SCALE = 0.18;
export const END_CARD_LIMITS = { headline: 120, cta: 60, url: 200, minSeconds: 1, maxSeconds: 5 } as const;

export const DEFAULT_COLORS = { primary: '#111827', secondary: '#facc15', text: '#ffffff', background: '#000000' } as const;
export const DEFAULT_END_CARD = { enabled: false, headline: '', cta: '', url: '', seconds: 3 } as const;

/** control characters other than tab and line breaks, which no name or card text needs */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
export const noControl = (s: string) => !CONTROL.test(s);
export const NO_CONTROL = 'Remove the control characters from this text.';

const hex = z
  .string({ error: 'Enter a colour as #rrggbb, like #ffcc00.' })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb, like #ffcc00.')
  .transform((s) => s.toLowerCase());

export const colorsRequest = z.object({ primary: hex.optional(), secondary: hex.optional(), text: hex.optional(), background: hex.optional() });

/**
 * Whether an end card's URL is one: http(s) or a bare domain (`example.com/try`), no spaces, no
 * user or password, a top-level domain of letters; empty for none. It is kept as written (trimmed).
 */
export function checkEndCardUrl(value: string): boolean {
  if (value === '') return true;
  if (/\s/.test(value)) return false;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value);
  if (hasScheme && !/^https?:\/\//i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const labels = url.hostname.split('.');
  if (labels.length < 2 || labels.some((l) => l === '' || l.length > 63)) return false;
  // the last label is a top-level domain: letters (or an IDN's xn-- form), not a number
  return /^([a-z]{2,63}|xn--[a-z0-9-]{1,59})$/i.test(labels[labels.length - 1]!);
}

export const endCardRequest = z.object({
  enabled: z.boolean().optional(),
  headline: z.string().trim().max(END_CARD_LIMITS.headline).refine(noControl, NO_CONTROL).optional(),
  cta: z.string().trim().max(END_CARD_LIMITS.cta).refine(noControl, NO_CONTROL).optional(),
  url: z
    .string()
    .trim()
    .max(END_CARD_LIMITS.url)
    .refine(checkEndCardUrl, 'Enter a web address starting with http:// or https://, or a domain like example.com.')
    .optional(),
  seconds: z.number().min(END_CARD_LIMITS.minSeconds).max(END_CARD_LIMITS.maxSeconds).optional(),
});

const name = z.string().trim().min(1, 'This field may not be blank.').max(100).refine(noControl, NO_CONTROL);

const kitFields = {
  is_default: z.boolean().optional(),
  colors: colorsRequest.optional().describe('#rrggbb each; a colour left out keeps its current value (on create: the default)'),
  font_id: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .optional()
    .describe('a built-in family (Montserrat, Inter, Anton, Bebas Neue, Poppins, Playfair Display) or the id of one of the team’s brand fonts; null: the text style’s own font'),
  logo_position: z.enum(LOGO_POSITIONS).optional(),
  logo_scale: z.number().min(MIN_LOGO_SCALE).max(MAX_LOGO_SCALE).optional().describe('the logo’s width as a share of the frame’s width'),
  text_style: textStyleInputSchema.optional().describe('a partial text style, as text walls take it; replaces the kit’s whole text style'),
  caption_style: z.enum(CAPTION_STYLES).optional(),
  end_card: endCardRequest.optional().describe('a field left out keeps its current value (on create: the default)'),
  context_id: z.number().int().min(1).max(2147483647).nullable().optional().describe('a product context of the team, or null'),
};

export const brandKitRequest = named('brandKitRequest', z.object({ name, ...kitFields }));
export const patchedBrandKitRequest = named('patchedBrandKitRequest', z.object({ name: name.optional(), ...kitFields }));
export type BrandKitInput = z.infer<typeof patchedBrandKitRequest>;

export const brandKitColors = named(
  'brandKitColors',
  z.object({ primary: z.string(), secondary: z.string(), text: z.string(), background: z.string() }),
);
export const brandKitEndCard = named(
  'brandKitEndCard',
  z.object({ enabled: z.boolean(), headline: z.string(), cta: z.string(), url: z.string(), seconds: z.number() }),
);

export const brandKitSchema = named(
  'brandKit',
  z.object({
    id: z.string(),
    name: z.string(),
    /** exactly one kit of a team is the default while it has any */
    is_default: z.boolean(),
    colors: brandKitColors,
    font_id: z.string().nullable(),
    /** the family the kit's text is set in: the built-in family's name or the uploaded font's; null when the text style decides */
    font_family: z.string().nullable(),
    /** a signed URL of the logo PNG (expires; stable within the hour), null without a logo */
    logo_url: z.string().nullable(),
    logo_position: z.enum(LOGO_POSITIONS),
    logo_scale: z.number(),
    text_style: textStyleInputSchema,
    caption_style: z.enum(CAPTION_STYLES),
    end_card: brandKitEndCard,
    context_id: z.number().int().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  }),
);
export const brandKitPage = named('paginatedBrandKitList', pageSchema(brandKitSchema));

export const brandFontSchema = named(
  'brandFont',
  z.object({
    id: z.string(),
    family: z.string(),
    /** 100 to 900 */
    weight: z.number().int(),
    style: z.enum(['normal', 'italic']),
    format: z.enum(['ttf', 'otf', 'woff', 'woff2']),
    /** a signed URL of a PNG of the family's name drawn in the font */
    preview_url: z.string(),
    /** a signed URL of the font file, for the web preview and the renderer */
    file_url: z.string(),
    created_at: z.string(),
  }),
);
export const brandFontPage = named('paginatedBrandFontList', pageSchema(brandFontSchema));

export const listQuery = paginationQuery;
export const uuidIdParam = z.object({ id: z.uuid() });
