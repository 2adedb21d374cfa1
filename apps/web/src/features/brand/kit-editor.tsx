import { ImagePlus, Loader2, Trash2, Upload } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  useDeleteApiBrandKitsByIdLogoMutation,
  useGetApiBrandFontsQuery,
  useGetApiContextsQuery,
  usePatchApiBrandKitsByIdMutation,
  usePostApiBrandKitsMutation,
  type BrandFont,
  type BrandKit,
} from '@/api/api';
import { describeError, fieldErrorsOf } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { toast } from '@/components/ui/use-toast';
import { withTeamKey } from '@/lib/team-cache-key';
import { absoluteMediaUrl, cn } from '@/lib/utils';
import { FONT_ACCEPT, LOGO_ACCEPT, MAX_FONT_BYTES, MAX_LOGO_BYTES, useUploadBrandFontMutation, useUploadBrandKitLogoMutation } from './brand-api';
import {
  CAPTION_LABELS,
  CAPTION_STYLES,
  COLOR_FIELDS,
  emptyForm,
  FONT_FAMILIES,
  formOf,
  HEX,
  HEX_MESSAGE,
  LIMITS,
  LOGO_POSITIONS,
  NO_CONTEXT,
  NO_FONT,
  requestOf,
  validate,
  type ColorKey,
  type KitForm,
} from './kit-form';
import { KitPreviewSpot } from './kit-preview-spot';

type LogoChange = { kind: 'keep' } | { kind: 'new'; file: File; url: string } | { kind: 'remove' };

const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'];
const isLogoFile = (file: File) => LOGO_TYPES.includes(file.type) || /\.(png|jpe?g|webp|svg)$/i.test(file.name);
const isFontFile = (file: File) => /\.(ttf|otf|woff2?)$/i.test(file.name) || /^font\/(ttf|otf|woff2?)$/.test(file.type);

/** The name a font goes by in the picker and on cards. */
export function fontLabel(fontId: string, fonts: BrandFont[]): string {
  if (fontId === NO_FONT) return 'The style’s own font';
  if ((FONT_FAMILIES as readonly string[]).includes(fontId)) return fontId;
  const font = fonts.find((f) => f.id === fontId);
  return font ? `${font.family}${font.style === 'italic' ? ' Italic' : ''} ${font.weight}` : 'Uploaded font';
}

/**
 * Creates or edits a brand kit (docs/brand-kits.md): name, colours, font (built-in or uploaded,
 * with "Upload font"), logo (chosen here, uploaded on Save) with its corner and size, caption
 * style, end card, linked product context and the default choice. Errors show under their field;
 * the first is focused.
 */
export function KitEditor({ kit, isFirstKit, onDone, onCancel }: { kit?: BrandKit; isFirstKit: boolean; onDone: (kit: BrandKit) => void; onCancel: () => void }) {
  const uid = useId();
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  // once created (a logo that then failed to upload), the editor edits the kit it made
  const [saved, setSaved] = useState<BrandKit | undefined>(kit);
  const [form, setForm] = useState<KitForm>(() => (kit ? formOf(kit) : emptyForm(isFirstKit)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [logo, setLogo] = useState<LogoChange>({ kind: 'keep' });
  const [isSaving, setIsSaving] = useState(false);
  const logoInput = useRef<HTMLInputElement>(null);
  const fontInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const fontsQuery = useGetApiBrandFontsQuery(withTeamKey({ pageSize: 100 }, teamSlug), { skip: !teamSlug });
  const fonts = useMemo(() => fontsQuery.data?.results ?? [], [fontsQuery.data]);
  const contextsQuery = useGetApiContextsQuery(withTeamKey({ pageSize: 100, type: 'product' as const, ordering: 'name' }, teamSlug), { skip: !teamSlug });
  const [createKit] = usePostApiBrandKitsMutation();
  const [patchKit] = usePatchApiBrandKitsByIdMutation();
  const [uploadLogo] = useUploadBrandKitLogoMutation();
  const [deleteLogo] = useDeleteApiBrandKitsByIdLogoMutation();
  const [uploadFont, fontUpload] = useUploadBrandFontMutation();

  useEffect(() => () => {
    if (logo.kind === 'new') URL.revokeObjectURL(logo.url);
  }, [logo]);

  const ids = {
    name: `${uid}-name`,
    logo: `${uid}-logo`,
    font: `${uid}-font`,
    scale: `${uid}-scale`,
    headline: `${uid}-headline`,
    cta: `${uid}-cta`,
    url: `${uid}-url`,
    seconds: `${uid}-seconds`,
    context: `${uid}-context`,
    caption: `${uid}-caption`,
    position: `${uid}-position`,
    color: (key: ColorKey) => `${uid}-color-${key}`,
  };
  /** the control a field error belongs to, for focusing the first one */
  const controlOf: Record<string, string> = {
    name: ids.name,
    logo: ids.logo,
    font_id: ids.font,
    logo_scale: ids.scale,
    'end_card.headline': ids.headline,
    'end_card.cta': ids.cta,
    'end_card.url': ids.url,
    'end_card.seconds': ids.seconds,
    context_id: ids.context,
    ...Object.fromEntries(COLOR_FIELDS.map(({ key }) => [`colors.${key}`, ids.color(key)])),
  };

  const update = (patch: Partial<KitForm>, ...clears: string[]) => {
    setForm((f) => ({ ...f, ...patch }));
    if (clears.some((c) => errors[c])) setErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clears.includes(k))));
  };
  const setColor = (key: ColorKey, value: string) => update({ colors: { ...form.colors, [key]: value } }, `colors.${key}`, 'colors');
  const setEndCard = (patch: Partial<KitForm['endCard']>, field: string) => update({ endCard: { ...form.endCard, ...patch } }, `end_card.${field}`, 'end_card');

  const showErrors = (next: Record<string, string>) => {
    setErrors(next);
    const first = Object.keys(controlOf).find((field) => next[field]);
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(controlOf[first]!)}`)?.focus());
  };

  const onLogoChosen = (file: File | undefined) => {
    if (logoInput.current) logoInput.current.value = '';
    if (!file) return;
    if (!isLogoFile(file)) return showErrors({ ...errors, logo: 'Choose a PNG, JPEG, WebP or SVG file.' });
    if (file.size > MAX_LOGO_BYTES) return showErrors({ ...errors, logo: 'The logo is larger than 10 MB. Choose a smaller file.' });
    setLogo({ kind: 'new', file, url: URL.createObjectURL(file) });
    update({}, 'logo');
  };

  const onFontChosen = async (file: File | undefined) => {
    if (fontInput.current) fontInput.current.value = '';
    if (!file) return;
    if (!isFontFile(file)) return showErrors({ ...errors, font_id: 'Choose a TTF, OTF, WOFF or WOFF2 font file.' });
    if (file.size > MAX_FONT_BYTES) return showErrors({ ...errors, font_id: 'The font is larger than 10 MB. Choose a smaller file.' });
    try {
      const font = await uploadFont({ file }).unwrap();
      update({ fontId: font.id }, 'font_id');
      toast({ variant: 'success', title: 'Font uploaded', description: `${font.family} is ready to use.` });
    } catch (error) {
      showErrors({ ...errors, font_id: fieldErrorsOf(error).font ?? describeError(error, 'The font could not be uploaded. Please try again.') });
    }
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    const found = validate(form);
    if (Object.keys(found).length > 0) return showErrors(found);
    setIsSaving(true);
    let current = saved;
    try {
      const body = requestOf(form, current?.is_default ?? false);
      current = current
        ? await patchKit({ id: current.id, patchedBrandKitRequest: body }).unwrap()
        : await createKit({ brandKitRequest: body }).unwrap();
      setSaved(current);
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (Object.keys(fields).length > 0) showErrors(fields);
      else toast({ variant: 'destructive', title: 'Could not save the kit', description: describeError(error) });
      setIsSaving(false);
      return;
    }
    try {
      if (logo.kind === 'new') current = await uploadLogo({ id: current.id, file: logo.file }).unwrap();
      else if (logo.kind === 'remove' && current.logo_url) {
        await deleteLogo({ id: current.id }).unwrap();
        current = { ...current, logo_url: null };
      }
    } catch (error) {
      setIsSaving(false);
      setLogo({ kind: 'keep' });
      showErrors({ logo: fieldErrorsOf(error).logo ?? describeError(error, 'The logo could not be uploaded. Please try again.') });
      toast({ variant: 'destructive', title: 'The kit is saved, its logo is not', description: 'Choose another logo file, or save without one.' });
      return;
    }
    setIsSaving(false);
    toast({ variant: 'success', title: kit ? 'Brand kit saved' : 'Brand kit created', description: `“${current.name}” is ready.` });
    onDone(current);
  };

  const shownLogo = logo.kind === 'new' ? logo.url : logo.kind === 'remove' ? undefined : absoluteMediaUrl(saved?.logo_url);
  const wasDefault = saved?.is_default ?? false;
  const contexts = contextsQuery.data?.results ?? [];

  return (
    <form ref={formRef} noValidate onSubmit={(e) => void onSubmit(e)} className="grid gap-6 md:grid-cols-[1fr_13rem]" aria-label={kit ? `Edit ${kit.name}` : 'New brand kit'}>
      <div className="grid min-w-0 gap-6">
        <FormField id={ids.name} label="Name" error={errors.name} hint="The brand or client this kit is for.">
          <Input value={form.name} maxLength={LIMITS.name} dir="auto" autoComplete="off" onChange={(e) => update({ name: e.target.value }, 'name')} />
        </FormField>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">Colours</legend>
          <div className="grid grid-cols-2 gap-3">
            {COLOR_FIELDS.map(({ key, label }) => {
              const value = form.colors[key];
              const error = errors[`colors.${key}`];
              return (
                <div key={key} className="grid gap-1.5">
                  <Label htmlFor={ids.color(key)}>{label}</Label>
                  <div className="flex items-center gap-2">
                    <input
                      type="color"
                      aria-label={`${label} colour picker`}
                      value={HEX.test(value) ? value.toLowerCase() : '#000000'}
                      onChange={(e) => setColor(key, e.target.value)}
                      className="h-9 w-10 shrink-0 cursor-pointer rounded-md border bg-transparent p-0.5"
                    />
                    <Input
                      id={ids.color(key)}
                      value={value}
                      maxLength={7}
                      spellCheck={false}
                      className="font-mono uppercase"
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${ids.color(key)}-error` : undefined}
                      onChange={(e) => setColor(key, e.target.value)}
                      onBlur={() => !HEX.test(value.trim()) && setErrors((x) => ({ ...x, [`colors.${key}`]: HEX_MESSAGE }))}
                    />
                  </div>
                  {error && (
                    <p id={`${ids.color(key)}-error`} role="alert" className="text-sm text-destructive">
                      {error}
                    </p>
                  )}
                </div>
              );
            })}
          </div>
        </fieldset>

        <fieldset className="grid gap-2" aria-describedby={errors.font_id ? `${ids.font}-error` : undefined}>
          <legend className="mb-1 text-sm font-medium">Font</legend>
          <div id={ids.font} tabIndex={-1} role="radiogroup" aria-label="Font" className="grid max-h-64 gap-1 overflow-y-auto rounded-md border p-1.5 outline-none focus-visible:ring-2 focus-visible:ring-ring">
            <FontOption name={`${uid}-font`} value={NO_FONT} checked={form.fontId === NO_FONT} onSelect={(fontId) => update({ fontId }, 'font_id')}>
              <span className="text-muted-foreground">The style’s own font</span>
            </FontOption>
            <p className="px-2 pt-2 text-xs font-medium text-muted-foreground">Built-in</p>
            {FONT_FAMILIES.map((family) => (
              <FontOption key={family} name={`${uid}-font`} value={family} checked={form.fontId === family} onSelect={(fontId) => update({ fontId }, 'font_id')}>
                <span style={{ fontFamily: `"${family}", sans-serif` }}>{family}</span>
              </FontOption>
            ))}
            <p className="px-2 pt-2 text-xs font-medium text-muted-foreground">Uploaded</p>
            {fontsQuery.isLoading && (
              <p role="status" className="flex items-center gap-2 px-2 py-1.5 text-sm text-muted-foreground">
                <Loader2 className="size-3.5 animate-spin" aria-hidden /> Loading your fonts…
              </p>
            )}
            {fontsQuery.isError && <p className="px-2 py-1.5 text-sm text-destructive">Your fonts could not be loaded. {describeError(fontsQuery.error)}</p>}
            {fontsQuery.isSuccess && fonts.length === 0 && <p className="px-2 py-1.5 text-sm text-muted-foreground">No fonts uploaded yet.</p>}
            {fonts.map((font) => (
              <FontOption key={font.id} name={`${uid}-font`} value={font.id} checked={form.fontId === font.id} onSelect={(fontId) => update({ fontId }, 'font_id')} label={fontLabel(font.id, fonts)}>
                <img src={absoluteMediaUrl(font.preview_url)} alt="" className="h-6 max-w-[16rem] object-contain object-left" />
                <span className="sr-only">{fontLabel(font.id, fonts)}</span>
                <span aria-hidden className="ml-auto text-xs text-muted-foreground">
                  {font.weight}
                  {font.style === 'italic' ? ' italic' : ''}
                </span>
              </FontOption>
            ))}
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <input ref={fontInput} type="file" accept={FONT_ACCEPT} className="sr-only" tabIndex={-1} aria-label="Font file" onChange={(e) => void onFontChosen(e.target.files?.[0])} />
            <Button type="button" variant="outline" size="sm" disabled={fontUpload.isLoading} onClick={() => fontInput.current?.click()}>
              {fontUpload.isLoading ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
              {fontUpload.isLoading ? 'Uploading font…' : 'Upload font'}
            </Button>
            <span className="text-xs text-muted-foreground">TTF, OTF, WOFF or WOFF2, up to 10 MB</span>
          </div>
          {errors.font_id && (
            <p id={`${ids.font}-error`} role="alert" className="text-sm text-destructive">
              {errors.font_id}
            </p>
          )}
        </fieldset>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">Logo</legend>
          <div className="flex flex-wrap items-center gap-3">
            <div className="flex size-20 items-center justify-center overflow-hidden rounded-md border bg-[repeating-conic-gradient(#f4f4f5_0_25%,#fff_0_50%)] bg-[length:12px_12px]">
              {shownLogo ? <img src={shownLogo} alt="Logo preview" className="max-h-full max-w-full object-contain" /> : <ImagePlus className="size-6 text-muted-foreground" aria-hidden />}
            </div>
            <div className="grid gap-2">
              <input
                ref={logoInput}
                id={ids.logo}
                type="file"
                accept={LOGO_ACCEPT}
                className="sr-only"
                aria-label="Logo file"
                aria-invalid={errors.logo ? true : undefined}
                aria-describedby={errors.logo ? `${ids.logo}-error` : undefined}
                onChange={(e) => onLogoChosen(e.target.files?.[0])}
              />
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" size="sm" onClick={() => logoInput.current?.click()}>
                  <Upload aria-hidden /> {shownLogo ? 'Replace logo' : 'Upload logo'}
                </Button>
                {shownLogo && (
                  <Button type="button" variant="ghost" size="sm" className="text-destructive hover:text-destructive" onClick={() => setLogo(saved?.logo_url ? { kind: 'remove' } : { kind: 'keep' })}>
                    <Trash2 aria-hidden /> Remove logo
                  </Button>
                )}
              </div>
              <span className="text-xs text-muted-foreground">
                {logo.kind === 'new' ? `${logo.file.name}: uploaded when you save.` : logo.kind === 'remove' ? 'Removed when you save.' : 'PNG, JPEG, WebP or SVG, up to 10 MB. Transparency is kept.'}
              </span>
            </div>
          </div>
          {errors.logo && (
            <p id={`${ids.logo}-error`} role="alert" className="text-sm text-destructive">
              {errors.logo}
            </p>
          )}
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.position}>Corner</Label>
              <Select value={form.logoPosition} onValueChange={(value) => update({ logoPosition: value as KitForm['logoPosition'] })}>
                <SelectTrigger id={ids.position}>
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {LOGO_POSITIONS.map((p) => (
                    <SelectItem key={p.value} value={p.value}>
                      {p.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.scale}>Size ({Math.round(form.logoScale * 100)}% of the width)</Label>
              <input
                id={ids.scale}
                type="range"
                min={LIMITS.minScale}
                max={LIMITS.maxScale}
                step={0.01}
                value={form.logoScale}
                disabled={form.logoPosition === 'none'}
                onChange={(e) => update({ logoScale: Number(e.target.value) }, 'logo_scale')}
                className="accent-primary"
              />
            </div>
          </div>
        </fieldset>

        <div className="grid gap-1.5 sm:max-w-xs">
          <Label htmlFor={ids.caption}>Caption style</Label>
          <Select value={form.captionStyle} onValueChange={(value) => update({ captionStyle: value as KitForm['captionStyle'] })}>
            <SelectTrigger id={ids.caption}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {CAPTION_STYLES.map((style) => (
                <SelectItem key={style} value={style}>
                  {CAPTION_LABELS[style]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>

        <fieldset className="grid gap-3">
          <legend className="mb-1 text-sm font-medium">End card</legend>
          <Label className="font-normal">
            <Checkbox checked={form.endCard.enabled} onCheckedChange={(checked) => setEndCard({ enabled: checked === true }, 'enabled')} />
            Close videos with an end card (logo, headline, call to action, address)
          </Label>
          <div className={cn('grid gap-3 sm:grid-cols-2', !form.endCard.enabled && 'opacity-60')}>
            <FormField id={ids.headline} label="Headline" error={errors['end_card.headline']} className="sm:col-span-2">
              <Input value={form.endCard.headline} maxLength={LIMITS.headline} dir="auto" placeholder="e.g. Coffee that stays hot" onChange={(e) => setEndCard({ headline: e.target.value }, 'headline')} />
            </FormField>
            <FormField id={ids.cta} label="Call to action" error={errors['end_card.cta']}>
              <Input value={form.endCard.cta} maxLength={LIMITS.cta} dir="auto" placeholder="e.g. Shop now" onChange={(e) => setEndCard({ cta: e.target.value }, 'cta')} />
            </FormField>
            <FormField id={ids.url} label="Web address" error={errors['end_card.url']}>
              <Input value={form.endCard.url} maxLength={LIMITS.url} inputMode="url" spellCheck={false} placeholder="example.com" onChange={(e) => setEndCard({ url: e.target.value }, 'url')} />
            </FormField>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.seconds}>Length ({form.endCard.seconds} s)</Label>
              <input
                id={ids.seconds}
                type="range"
                min={LIMITS.minSeconds}
                max={LIMITS.maxSeconds}
                step={0.5}
                value={form.endCard.seconds}
                onChange={(e) => setEndCard({ seconds: Number(e.target.value) }, 'seconds')}
                className="accent-primary"
              />
              {errors['end_card.seconds'] && <p className="text-sm text-destructive">{errors['end_card.seconds']}</p>}
            </div>
          </div>
        </fieldset>

        <div className="grid gap-1.5 sm:max-w-sm">
          <Label htmlFor={ids.context}>Product context</Label>
          <Select value={form.contextId} onValueChange={(contextId) => update({ contextId }, 'context_id')}>
            <SelectTrigger id={ids.context} aria-invalid={errors.context_id ? true : undefined}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_CONTEXT}>None</SelectItem>
              {contexts.map((c) => (
                <SelectItem key={c.id} value={String(c.id)}>
                  {c.name}
                </SelectItem>
              ))}
              {/* a linked context beyond the first 100 still shows its choice */}
              {form.contextId !== NO_CONTEXT && !contexts.some((c) => String(c.id) === form.contextId) && <SelectItem value={form.contextId}>Linked context</SelectItem>}
            </SelectContent>
          </Select>
          {errors.context_id ? (
            <p role="alert" className="text-sm text-destructive">
              {errors.context_id}
            </p>
          ) : (
            <p className="text-xs text-muted-foreground">The product these videos are about, for writing hooks.</p>
          )}
        </div>

        <div className="grid gap-1">
          <Label className="font-normal">
            <Checkbox checked={form.isDefault} disabled={wasDefault || (!saved && isFirstKit)} onCheckedChange={(checked) => update({ isDefault: checked === true }, 'is_default')} />
            Default kit of the team
          </Label>
          <p className="text-xs text-muted-foreground">
            {wasDefault
              ? 'This is the default kit. Make another kit the default to change it.'
              : !saved && isFirstKit
                ? 'Your first kit is the default.'
                : 'Videos use the default kit unless another is chosen.'}
          </p>
          {errors.is_default && (
            <p role="alert" className="text-sm text-destructive">
              {errors.is_default}
            </p>
          )}
        </div>

        {errors.non_field_errors && (
          <p role="alert" className="text-sm text-destructive">
            {errors.non_field_errors}
          </p>
        )}

        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onCancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button type="submit" disabled={isSaving}>
            {isSaving && <Loader2 className="animate-spin" aria-hidden />}
            {isSaving ? 'Saving…' : kit ? 'Save kit' : 'Create kit'}
          </Button>
        </div>
      </div>
      <KitPreviewSpot form={form} logoUrl={shownLogo} fontLabel={fontLabel(form.fontId, fonts)} className="order-first mx-auto w-36 md:order-none md:mx-0 md:w-auto md:sticky md:top-0 md:self-start" />
    </form>
  );
}

function FontOption({
  name,
  value,
  checked,
  onSelect,
  label,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onSelect: (value: string) => void;
  label?: string;
  children: React.ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex min-h-9 cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
        checked && 'bg-accent font-medium',
      )}
    >
      <input type="radio" name={name} value={value} checked={checked} aria-label={label} onChange={() => onSelect(value)} className="size-3.5 shrink-0 accent-primary" />
      {children}
    </label>
  );
}
