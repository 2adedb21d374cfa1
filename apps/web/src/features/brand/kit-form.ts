import { CAPTION_STYLES, FONT_FAMILIES, type CaptionStyle } from '@hookwall/video/schemas';
import type { BrandKit, BrandKitRequest } from '@/api/api';

/** The kit editor's state, and how it goes to and from the API (docs/brand-kits.md has the rules). */

export const COLOR_FIELDS = [
  { key: 'primary', label: 'Primary' },
  { key: 'secondary', label: 'Secondary' },
  { key: 'text', label: 'Text' },
  { key: 'background', label: 'Background' },
] as const;
export type ColorKey = (typeof COLOR_FIELDS)[number]['key'];

export const LOGO_POSITIONS = [
  { value: 'top-left', label: 'Top left' },
  { value: 'top-right', label: 'Top right' },
  { value: 'bottom-left', label: 'Bottom left' },
  { value: 'bottom-right', label: 'Bottom right' },
  { value: 'none', label: 'No logo in videos' },
] as const;
export type LogoPosition = (typeof LOGO_POSITIONS)[number]['value'];

export const CAPTION_LABELS: Record<CaptionStyle, string> = { highlight: 'Highlight', karaoke: 'Karaoke', pop: 'Pop', plain: 'Plain' };
export { CAPTION_STYLES, FONT_FAMILIES };

export const LIMITS = { name: 100, headline: 120, cta: 60, url: 200, minScale: 0.05, maxScale: 0.5, minSeconds: 1, maxSeconds: 5 } as const;
export const DEFAULT_COLORS: Record<ColorKey, string> = { primary: '#111827', secondary: '#facc15', text: '#ffffff', background: '#000000' };

/** the font picker's value for "no font of the kit" (a select item cannot have an empty value) */
export const NO_FONT = 'none';
export const NO_CONTEXT = 'none';

export interface KitForm {
  name: string;
  colors: Record<ColorKey, string>;
  /** a built-in family, an uploaded font's id, or NO_FONT */
  fontId: string;
  logoPosition: LogoPosition;
  /** a share of the frame's width */
  logoScale: number;
  captionStyle: CaptionStyle;
  endCard: { enabled: boolean; headline: string; cta: string; url: string; seconds: number };
  /** a context id, or NO_CONTEXT */
  contextId: string;
  isDefault: boolean;
}

export function emptyForm(isFirst: boolean): KitForm {
  return {
    name: '',
    colors: { ...DEFAULT_COLORS },
    fontId: NO_FONT,
    logoPosition: 'top-right',
    logoScale: 0.18,
    captionStyle: 'highlight',
    endCard: { enabled: false, headline: '', cta: '', url: '', seconds: 3 },
    contextId: NO_CONTEXT,
    isDefault: isFirst,
  };
}

export function formOf(kit: BrandKit): KitForm {
  return {
    name: kit.name,
    colors: { ...kit.colors },
    fontId: kit.font_id ?? NO_FONT,
    logoPosition: kit.logo_position,
    logoScale: kit.logo_scale,
    captionStyle: kit.caption_style,
    endCard: { ...kit.end_card },
    contextId: kit.context_id === null ? NO_CONTEXT : String(kit.context_id),
    isDefault: kit.is_default,
  };
}

export const HEX = /^#[0-9a-f]{6}$/i;
export const HEX_MESSAGE = 'Enter a colour as #rrggbb, like #ffcc00.';

/** What the API would refuse, found before sending: field names as the API spells them. */
export function validate(form: KitForm): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!form.name.trim()) errors.name = 'Give the kit a name.';
  else if (form.name.trim().length > LIMITS.name) errors.name = `Keep the name under ${LIMITS.name} characters.`;
  for (const { key } of COLOR_FIELDS) if (!HEX.test(form.colors[key].trim())) errors[`colors.${key}`] = HEX_MESSAGE;
  if (form.endCard.headline.trim().length > LIMITS.headline) errors['end_card.headline'] = `Keep the headline under ${LIMITS.headline} characters.`;
  if (form.endCard.cta.trim().length > LIMITS.cta) errors['end_card.cta'] = `Keep the call to action under ${LIMITS.cta} characters.`;
  const url = form.endCard.url.trim();
  if (url.length > LIMITS.url) errors['end_card.url'] = `Keep the address under ${LIMITS.url} characters.`;
  else if (url && !looksLikeUrl(url)) errors['end_card.url'] = 'Enter a web address like example.com or https://example.com/try.';
  return errors;
}

/** The same test as the API's, roughly: http(s) or a bare domain with a dot, no spaces. */
export function looksLikeUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(value);
  if (hasScheme && !/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(hasScheme ? value : `https://${value}`);
    return /\.[a-z]{2,63}$|\.xn--[a-z0-9-]+$/i.test(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** The request of a save. `is_default` only when the kit becomes the default (the API refuses unsetting it). */
export function requestOf(form: KitForm, wasDefault: boolean): BrandKitRequest {
  return {
    name: form.name.trim(),
    colors: Object.fromEntries(COLOR_FIELDS.map(({ key }) => [key, form.colors[key].trim().toLowerCase()])),
    font_id: form.fontId === NO_FONT ? null : form.fontId,
    logo_position: form.logoPosition,
    logo_scale: Math.round(form.logoScale * 100) / 100,
    caption_style: form.captionStyle,
    end_card: { ...form.endCard, headline: form.endCard.headline.trim(), cta: form.endCard.cta.trim(), url: form.endCard.url.trim() },
    context_id: form.contextId === NO_CONTEXT ? null : Number(form.contextId),
    ...(form.isDefault && !wasDefault ? { is_default: true } : {}),
  };
}
