import type { BrandRequest } from '@hookwall/video/render-request';
import { DEFAULT_END_CARD_COLOR, endCardSchema, type CaptionStyle, type EndCard, type TextStyle } from '@hookwall/video/schemas';
import type { AppDeps } from '../../core/deps.ts';
import { AppError, fieldError } from '../../core/errors.ts';
import { isUuid } from '../../core/uuid.ts';
import type { TeamAccess } from '../teams/teams.service.ts';
import * as repo from './brand-kits.repository.ts';
import { DEFAULT_COLORS, DEFAULT_END_CARD } from './brand-kits.schemas.ts';

/**
 * What a video takes of a brand kit when it is made (docs/brand-kits.md, "In the videos"): the
 * style its fields fill (the batch's own fields still win), the caption style, the end card, and
 * the brand of its render request: the logo and the font, copied once into files of their own
 * (`teams/{id}/brand-assets/`), so that a kit changed or deleted later, a logo replaced, a font
 * removed, does not change a video already made, nor one still rendering.
 */
export interface VideoBrand {
  kitId: string;
  style: Partial<TextStyle>;
  captionStyle: CaptionStyle;
  endCard: { enabled: boolean; headline: string; cta: string; url: string; seconds: number };
  primary: string;
  /** the render request's `brand` */
  request: BrandRequest;
}

/** The kit a batch names (`brand_kit_id`): the team's default when left out, none for null; another team's or an unknown one is a 404. */
export async function brandForVideos(deps: AppDeps, access: TeamAccess, kitId: string | null | undefined): Promise<VideoBrand | null> {
  if (kitId === null) return null;
  if (kitId !== undefined && !isUuid(kitId)) throw new AppError('not_found', 'This brand kit does not exist.');
  const row = await repo.findKitWithFontFile(deps.db, access.team.id, kitId ?? null);
  if (!row) {
    if (kitId === undefined) return null;
    throw new AppError('not_found', 'This brand kit does not exist.');
  }
  const { kit, font } = row;
  const colors: Record<keyof typeof DEFAULT_COLORS, string> = { ...DEFAULT_COLORS, ...kit.colors };
  const kept = async (key: string) => {
    const copy = `teams/${access.team.id}/brand-assets/${key.split('/').pop()}`;
    if (!(await deps.storage.head(copy).catch(() => null))) await deps.storage.copy(key, copy);
    return copy;
  };
  const logo = kit.logoKey && kit.logoWidth && kit.logoHeight ? { media: { kind: 'upload' as const, key: await kept(kit.logoKey) }, width: kit.logoWidth, height: kit.logoHeight } : null;
  const fontFile = font ? { family: font.family.slice(0, 100) || 'Brand', media: { kind: 'upload' as const, key: await kept(font.storageKey) } } : null;
  const style: Partial<TextStyle> = {
    ...kit.textStyle,
    textColor: colors.text,
    highlightColor: colors.primary,
    ...(kit.fontFamily ? { fontFamily: kit.fontFamily as TextStyle['fontFamily'] } : {}),
  };
  return {
    kitId: kit.id,
    style,
    captionStyle: kit.captionStyle as CaptionStyle,
    endCard: { ...DEFAULT_END_CARD, ...kit.endCard },
    primary: colors.primary,
    request: { logo, font: fontFile, logoPosition: kit.logoPosition as BrandRequest['logoPosition'], logoScale: kit.logoScale },
  };
}

/** The names of a team's kits by id (insights group videos by the kit they were made with). */
export async function kitNames(deps: AppDeps, teamId: number): Promise<Map<string, string>> {
  const { rows } = await repo.listKits(deps.db, teamId, 1000, 0);
  return new Map(rows.map((r) => [r.kit.id, r.kit.name]));
}

/** What a request says of its end card (`end_card`, videoEndCardRequest): none, the kit's, or fields of its own. */
export type EndCardInput = boolean | { headline?: string; cta?: string; url?: string; seconds?: number; color?: string } | null | undefined;

/**
 * The end card a wall (or a multi text wall) closes with, as its props keep it, from what the
 * request says (docs/brand-kits.md, "In the videos"): nothing, null or false, none; true, the kit's
 * card, which must be on; fields of its own over the kit's card (on or off), or over an empty card
 * without a kit. Its colour is the kit's primary colour unless the request names one. A card with
 * no text at all, or `true` with no kit or the kit's card off, is a 400 on `field`.
 */
export function endCardFor(kit: VideoBrand | null, input: EndCardInput, field = 'end_card'): EndCard | null {
  if (!input) return null;
  if (input === true && !kit) throw fieldError({ [field]: 'These videos take no brand kit, so there is no end card to take: choose a kit whose end card is on, or send the card’s headline, cta or url.' });
  if (input === true && !kit!.endCard.enabled) throw fieldError({ [field]: 'The brand kit’s end card is off: turn it on on the Brand page, or send the card’s headline, cta or url.' });
  const base = kit?.endCard ?? DEFAULT_END_CARD;
  const own = input === true ? {} : input;
  const card = {
    headline: own.headline ?? base.headline,
    cta: own.cta ?? base.cta,
    url: own.url ?? base.url,
    seconds: own.seconds ?? base.seconds,
    color: (own.color ?? kit?.primary ?? DEFAULT_END_CARD_COLOR).toLowerCase(),
  };
  if (!card.headline && !card.cta && !card.url) throw fieldError({ [field]: 'An end card needs a headline, a call to action or an address.' });
  const parsed = endCardSchema.safeParse(card);
  // the kit's fields were checked when it was saved, to the same limits or tighter
  if (!parsed.success) throw fieldError(Object.fromEntries(parsed.error.issues.map((i) => [[field, ...i.path].join('.'), i.message])));
  return parsed.data;
}
