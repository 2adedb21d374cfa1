import { FONT_FAMILIES, STYLE_PRESETS, type FontFamily } from '@hookwall/video/schemas';
import { useMemo } from 'react';
import { useImageSize } from './kit-look';
import type { BrandFont } from '@/api/api';
import { CompositionPlayer } from '@/components/composition-player';
import { cn } from '@/lib/utils';
import type { KitForm } from './kit-form';

/** The frame the still shows: the text and the logo settled. */
const STILL_FRAME = 45;

/**
 * The kit's preview: a frame of a text wall drawn by the video compositions themselves, with the
 * kit's colours, font and logo as the videos will have them (the worker renders the same
 * component). It follows the form as it changes.
 */
export function KitPreviewSpot({ form, logoUrl, fonts, fontLabel, caption = true, className }: { form: KitForm; logoUrl?: string; fonts: BrandFont[]; fontLabel: string; caption?: boolean; className?: string }) {
  const logoSize = useImageSize(logoUrl);
  const uploaded = fonts.find((f) => f.id === form.fontId);
  const builtin = (FONT_FAMILIES as readonly string[]).includes(form.fontId) ? (form.fontId as FontFamily) : null;
  const props = useMemo(
    () => ({
      text: 'Your hook, in your colours',
      durationInSeconds: 5,
      style: { ...STYLE_PRESETS.bold.style, textColor: form.colors.text, highlightColor: form.colors.primary, highlightWords: ['colours'], ...(builtin ? { fontFamily: builtin } : {}) },
      brand: {
        logo: logoUrl && logoSize ? { url: logoUrl, ...logoSize } : null,
        logoPosition: form.logoPosition,
        logoScale: form.logoScale,
        font: uploaded ? { family: uploaded.family, url: uploaded.file_url } : null,
      },
    }),
    [form.colors.text, form.colors.primary, form.logoPosition, form.logoScale, builtin, logoUrl, logoSize, uploaded],
  );
  return (
    <figure data-testid="kit-preview-still" className={cn('grid gap-2', className)}>
      <CompositionPlayer compositionId="text-wall" props={props} autoPlay={false} controls={false} initialFrame={STILL_FRAME} label={`Preview of ${form.name.trim() || 'the kit'}`} className="w-full" />
      <figcaption className={cn('text-xs text-muted-foreground', !caption && 'sr-only')}>A frame of a text wall with this kit · {fontLabel}</figcaption>
    </figure>
  );
}
