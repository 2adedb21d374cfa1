import { FONT_FAMILIES, type Brand, type EndCard, type FontFamily, type TextStyle } from '@hookwall/video/schemas';
import { useEffect, useMemo, useState } from 'react';
import { useGetApiBrandFontsQuery, useGetApiBrandKitsQuery, type BrandFont, type BrandKit } from '@/api/api';
import { useAppSelector } from '@/app/hooks';
import { absoluteMediaUrl } from '@/lib/utils';
import { withTeamKey } from '@/lib/team-cache-key';

/**
 * What a brand kit does to a video, as the previews show it (the API applies the same when the
 * videos are made, docs/brand-kits.md): its colours and built-in font in the text style, its logo
 * and uploaded font as the composition's `brand`.
 */

/** The style fields a kit fills (the builder puts them into its style when the kit is chosen). */
export function kitStylePatch(kit: Pick<BrandKit, 'colors' | 'font_id' | 'text_style'>): Partial<TextStyle> {
  const builtin = kit.font_id && (FONT_FAMILIES as readonly string[]).includes(kit.font_id) ? (kit.font_id as FontFamily) : null;
  return { ...(kit.text_style as Partial<TextStyle>), textColor: kit.colors.text, highlightColor: kit.colors.primary, ...(builtin ? { fontFamily: builtin } : {}) };
}

/**
 * A kit's end card as a wall closes with it (`end_card: true`: its texts and seconds on its primary
 * colour), or null when the kit has none to give: its card off, or without a text (the API refuses
 * both).
 */
export function kitEndCard(kit: Pick<BrandKit, 'end_card' | 'colors'> | null | undefined): EndCard | null {
  if (!kit?.end_card.enabled) return null;
  const { headline, cta, url, seconds } = kit.end_card;
  if (!headline.trim() && !cta.trim() && !url.trim()) return null;
  return { headline, cta, url, seconds, color: kit.colors.primary };
}

/** An image's size in pixels, once it has loaded (the composition places a logo by its shape). */
export function useImageSize(url: string | undefined): { width: number; height: number } | null {
  const [size, setSize] = useState<{ url: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!url) return;
    const image = new Image();
    image.onload = () => setSize({ url, width: image.naturalWidth || 1, height: image.naturalHeight || 1 });
    image.src = url;
    return () => {
      image.onload = null;
    };
  }, [url]);
  return url && size?.url === url ? { width: size.width, height: size.height } : null;
}

/** A kit as the composition's `brand`: its logo (once its size is known) and its uploaded font. */
export function useKitBrand(kit: BrandKit | null | undefined, fonts: BrandFont[]): Brand | null {
  const logoUrl = kit?.logo_url ? absoluteMediaUrl(kit.logo_url) : undefined;
  const size = useImageSize(logoUrl);
  const font = kit ? fonts.find((f) => f.id === kit.font_id) : undefined;
  return useMemo(
    () =>
      kit
        ? {
            logo: logoUrl && size ? { url: logoUrl, ...size } : null,
            logoPosition: kit.logo_position,
            logoScale: kit.logo_scale,
            font: font ? { family: font.family.slice(0, 100) || 'Brand', url: absoluteMediaUrl(font.file_url) ?? font.file_url } : null,
          }
        : null,
    [kit, logoUrl, size, font],
  );
}

/** The team's kits and fonts (the kit pickers list them; the default kit comes first). */
export function useBrandKits() {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const kits = useGetApiBrandKitsQuery(withTeamKey({ pageSize: 100 }, teamSlug), { skip: !teamSlug });
  const fonts = useGetApiBrandFontsQuery(withTeamKey({ pageSize: 100 }, teamSlug), { skip: !teamSlug });
  return { kits: kits.data?.results ?? [], fonts: fonts.data?.results ?? [], isLoading: kits.isLoading, error: kits.error };
}

/** A picker's value: a kit's id, 'none', or 'default' (the team's default kit, whichever it is when the videos are made). */
export type KitChoice = string;
export const DEFAULT_KIT = 'default';
export const NO_KIT = 'none';

/** The kit a choice names, among the team's. */
export function chosenKit(choice: KitChoice, kits: BrandKit[]): BrandKit | null {
  if (choice === NO_KIT) return null;
  if (choice === DEFAULT_KIT) return kits.find((k) => k.is_default) ?? null;
  return kits.find((k) => k.id === choice) ?? null;
}

/** The request's `brand_kit_id` of a choice: left out for the default, null for none. */
export function kitRequest(choice: KitChoice): { brand_kit_id?: string | null } {
  if (choice === DEFAULT_KIT) return {};
  return { brand_kit_id: choice === NO_KIT ? null : choice };
}
