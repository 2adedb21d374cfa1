import { Globe, Loader2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { usePostApiContextsFromUrlMutation, type Context } from '@/api/api';
import { describeError, fieldErrorsOf } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';

/** The server's limit (and the browsers' practical one). */
export const MAX_URL_LENGTH = 2048;

/**
 * The address as it will be sent, or the reason it cannot be: an address typed without its scheme
 * ("shop.example/bottle") is read as https. The server checks everything again (and much more:
 * private addresses, redirects); this only saves a round trip for what is plainly not a web address.
 */
export function normalizeProductUrl(input: string): { url: string } | { error: string } {
  const text = input.trim();
  if (!text) return { error: 'Enter the address of a product page.' };
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^:/]+:\d+(\/|$)/.test(text) ? text : `https://${text}`;
  if (withScheme.length > MAX_URL_LENGTH) return { error: `A URL has at most ${MAX_URL_LENGTH} characters.` };
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { error: 'Enter a web address, such as https://example.com/product.' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { error: 'Enter a web address that starts with http:// or https://.' };
  return { url: withScheme };
}

/**
 * "Import from a URL": the address of a product page, read by the server into a new product
 * context (`POST /api/contexts/from_url/`). The page's refusals (a private address, not HTML, too
 * slow, not found) come back on `url` and show under the field; the dialog stays open to fix it.
 * On success the new context is handed to `onImported` (the page opens it), unless the dialog was
 * closed meanwhile: then only the toast says so.
 */
export function ImportFromUrlDialog({ open, onOpenChange, onImported }: { open: boolean; onOpenChange: (open: boolean) => void; onImported: (context: Context) => void }) {
  const [value, setValue] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [importContext, { isLoading }] = usePostApiContextsFromUrlMutation();
  const inputRef = useRef<HTMLInputElement>(null);
  const openRef = useRef(open);
  useEffect(() => {
    openRef.current = open;
  }, [open]);
  /** closing forgets the errors shown, not the address typed */
  const changeOpen = (next: boolean) => {
    if (!next) {
      setFieldError(undefined);
      setFormError(undefined);
    }
    onOpenChange(next);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (isLoading) return;
    setFormError(undefined);
    const checked = normalizeProductUrl(value);
    if ('error' in checked) {
      setFieldError(checked.error);
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    try {
      const context = await importContext({ contextFromUrlRequest: { url: checked.url } }).unwrap();
      toast({ variant: 'success', title: 'Context imported', description: `“${context.name}” was made from the page. Check it, then save any changes.` });
      setValue('');
      if (openRef.current) {
        changeOpen(false);
        onImported(context);
      }
    } catch (error) {
      const onField = fieldErrorsOf(error).url;
      if (onField) {
        setFieldError(onField);
        inputRef.current?.focus();
      } else setFormError(describeError(error, 'The page could not be imported. Please try again.'));
      if (!openRef.current) toast({ variant: 'destructive', title: 'The page could not be imported', description: onField ?? describeError(error) });
    }
  };

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Import from a URL</DialogTitle>
          <DialogDescription>We read your product page’s name, description, features, price and brand into a new product context, which you can then edit.</DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField id="import-url" label="Product page URL" hint="The public page of one product, such as https://shop.example/products/bottle." error={fieldError}>
            <Input
              ref={inputRef}
              type="url"
              inputMode="url"
              autoComplete="url"
              spellCheck={false}
              dir="ltr"
              autoFocus
              maxLength={MAX_URL_LENGTH}
              placeholder="https://example.com/product"
              value={value}
              readOnly={isLoading}
              onChange={(e) => {
                setValue(e.target.value);
                if (fieldError) setFieldError(undefined);
              }}
            />
          </FormField>
          <FormAlert>{formError}</FormAlert>
          {isLoading && (
            <div role="status" className="grid gap-2 rounded-md border p-3">
              <p className="flex items-center gap-2 text-sm font-medium">
                <Loader2 className="size-4 animate-spin" aria-hidden /> Fetching the page and reading it…
              </p>
              <div role="progressbar" aria-label="Importing the page" aria-busy="true" className="h-1.5 w-full overflow-hidden rounded-full bg-muted">
                <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
              </div>
              <p className="text-xs text-muted-foreground">This takes up to 10 seconds.</p>
            </div>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => changeOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={isLoading}>
              {isLoading ? <Loader2 className="animate-spin" aria-hidden /> : <Globe aria-hidden />}
              {isLoading ? 'Importing...' : 'Import'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
