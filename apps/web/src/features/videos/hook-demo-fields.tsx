import { MAX_OVERLAY_TEXT_CHARS } from '@hookwall/video/limits';
import { hookProductDemoPropsSchema, STYLE_PRESETS, textStyleSchema, type Aspect, type TextStyle } from '@hookwall/video/schemas';
import type { ReactNode } from 'react';
import type { CompositeVideo } from '@/api/api';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';

/** A hook + demo composite's texts and look, as its dialogs edit them (its props, packages/video/src/schemas.ts). */
export interface HookDemoDraft {
  hookText: string;
  demoText: string;
  captionText: string;
  productName: string;
  endCardText: string;
  brandColor: string;
  aspect: Aspect;
  style: TextStyle;
}
export type HookDemoField = Exclude<keyof HookDemoDraft, 'aspect' | 'style'>;

const DEFAULTS = hookProductDemoPropsSchema.parse({});
const MAX_PRODUCT_CHARS = hookProductDemoPropsSchema.shape.productName.unwrap().maxLength ?? 80;
const MAX_END_CARD_CHARS = hookProductDemoPropsSchema.shape.endCardText.unwrap().maxLength ?? 120;

/** A new composite's draft (the end card says "Try it today"), or `source`'s (edit, duplicate). */
export function hookDemoDraftFrom(source?: CompositeVideo | null): HookDemoDraft {
  const c = (source?.config ?? {}) as Partial<Record<keyof HookDemoDraft, unknown>>;
  const text = (key: HookDemoField) => (typeof c[key] === 'string' ? (c[key] as string) : DEFAULTS[key]);
  const style = textStyleSchema.safeParse(c.style);
  return {
    hookText: text('hookText'),
    demoText: text('demoText'),
    captionText: text('captionText'),
    productName: text('productName'),
    endCardText: text('endCardText'),
    brandColor: text('brandColor'),
    aspect: (c.aspect as Aspect | undefined) ?? '9:16',
    style: style.success ? style.data : STYLE_PRESETS.bold.style,
  };
}

/** The style as sent: with Fit, the bars take the brand colour. */
export function styleWithBars(draft: HookDemoDraft): TextStyle {
  return draft.style.clipFit === 'fit' ? { ...draft.style, barColor: draft.brandColor } : draft.style;
}

/** The draft's fields as a batch request (and a template's settings) send them. */
export function hookDemoDraftRequest(draft: HookDemoDraft) {
  return {
    demo_text: draft.demoText,
    caption_text: draft.captionText,
    product_name: draft.productName,
    end_card_text: draft.endCardText,
    brand_color: draft.brandColor,
    style: styleWithBars(draft),
    aspect: draft.aspect,
  };
}

/**
 * The texts of a hook + demo: over the hook (in a batch, every pair's until changed per pair), over the demo, the caption bar, and the end card's product name and call to action, with the
 * brand colour. `errors` are keyed by the draft's field names.
 */
export function HookDemoTextFields({
  idPrefix,
  draft,
  onChange,
  errors,
  hookLabel = 'Text over the hook',
  afterHook,
}: {
  idPrefix: string;
  draft: HookDemoDraft;
  onChange: (patch: Partial<HookDemoDraft>) => void;
  errors: Partial<Record<HookDemoField, string>>;
  hookLabel?: string;
  /** shown under the hook text (a batch's text per pair) */
  afterHook?: ReactNode;
}) {
  const input = (field: HookDemoField, label: string, max: number, placeholder?: string, className?: string) => (
    <FormField id={`${idPrefix}-${field}`} label={label} error={errors[field]} className={className}>
      <Input value={draft[field]} maxLength={max} onChange={(e) => onChange({ [field]: e.target.value })} placeholder={placeholder} dir="auto" />
    </FormField>
  );
  return (
    <div className="grid min-w-0 gap-3">
      {input('hookText', hookLabel, MAX_OVERLAY_TEXT_CHARS, 'Wait for it… 👀')}
      {afterHook}
      <div className="grid gap-3 sm:grid-cols-2">
        {input('demoText', 'Text over the demo', MAX_OVERLAY_TEXT_CHARS, 'Make 50 in one click')}
        {input('captionText', 'Caption bar', MAX_OVERLAY_TEXT_CHARS, '20% off today')}
      </div>
      <fieldset className="grid min-w-0 gap-3 rounded-md border p-3">
        <legend className="px-1 text-sm font-medium">End card</legend>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto]">
          {input('productName', 'Product name', MAX_PRODUCT_CHARS, 'Glow Serum')}
          {input('endCardText', 'Call to action', MAX_END_CARD_CHARS, 'Try it today')}
          <FormField id={`${idPrefix}-brandColor`} label="Brand colour" error={errors.brandColor}>
            <input type="color" value={draft.brandColor} onChange={(e) => onChange({ brandColor: e.target.value })} className="h-9 w-16 rounded-md border" />
          </FormField>
        </div>
      </fieldset>
    </div>
  );
}
