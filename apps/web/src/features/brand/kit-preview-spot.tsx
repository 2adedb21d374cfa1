import { ImageIcon } from 'lucide-react';
import { cn } from '@/lib/utils';
import type { KitForm } from './kit-form';

const CORNER: Record<Exclude<KitForm['logoPosition'], 'none'>, string> = {
  'top-left': 'top-[6%] left-[6%]',
  'top-right': 'top-[6%] right-[6%]',
  'bottom-left': 'bottom-[6%] left-[6%]',
  'bottom-right': 'bottom-[6%] right-[6%]',
};

/**
 * The place of the kit's preview still: a frame rendered by the video compositions themselves, so
 * it shows what a video will. Until that still exists, a sketch of the kit (its colours, the logo in
 * its corner at its size, the font's name) stands here, marked as such.
 */
export function KitPreviewSpot({ form, logoUrl, fontLabel, className }: { form: KitForm; logoUrl?: string; fontLabel: string; className?: string }) {
  return (
    <figure data-testid="kit-preview-still" className={cn('grid gap-2', className)}>
      {/* PREVIEW STILL: the still rendered by the compositions replaces this sketch */}
      <div
        className="relative aspect-[9/16] w-full overflow-hidden rounded-xl border shadow-sm"
        style={{ background: `linear-gradient(160deg, ${form.colors.background}, ${form.colors.primary})` }}
        aria-hidden
      >
        {logoUrl && form.logoPosition !== 'none' && (
          <img src={logoUrl} alt="" className={cn('absolute object-contain', CORNER[form.logoPosition])} style={{ width: `${Math.round(form.logoScale * 100)}%` }} />
        )}
        {!logoUrl && form.logoPosition !== 'none' && (
          <span className={cn('absolute flex aspect-square items-center justify-center rounded border border-dashed border-white/60 text-white/70', CORNER[form.logoPosition])} style={{ width: `${Math.round(form.logoScale * 100)}%` }}>
            <ImageIcon className="size-1/2" />
          </span>
        )}
        <div className="absolute inset-x-[8%] top-1/2 -translate-y-1/2 text-center text-sm leading-snug font-extrabold" style={{ color: form.colors.text }}>
          Your hook, <span style={{ color: form.colors.secondary }}>in your colours</span>
        </div>
      </div>
      <figcaption className="text-xs text-muted-foreground">
        Sketch of the kit · {fontLabel}. The rendered preview will show here.
      </figcaption>
    </figure>
  );
}
