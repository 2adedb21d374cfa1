import { BookmarkPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { usePostApiVideoTemplatesMutation } from '@/api/api';
import { describeError, fieldErrorsOf } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { FormAlert } from '@/components/ui/form-alert';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import type { TemplateSetup } from './template-setup';

/** the API's limit (video-templates.schemas.ts) */
export const MAX_TEMPLATE_NAME = 80;

/** Why a name cannot be saved, or null: the API's rule, said before it is asked. */
export function templateNameProblem(name: string): string | null {
  const trimmed = name.trim();
  if (!trimmed) return 'Name the template.';
  if (trimmed.length > MAX_TEMPLATE_NAME) return `Keep the name to ${MAX_TEMPLATE_NAME} characters.`;
  return null;
}

/**
 * "Save as template": the setup of a builder or dialog (`setup`, read when saved) under a name the
 * team's templates do not have yet. Admins only, as the API allows; `saves` says what is kept.
 */
export function SaveTemplateButton({ setup, saves, disabled, className }: { setup: () => TemplateSetup; saves: ReactNode; disabled?: boolean; className?: string }) {
  const isAdmin = useAppSelector((s) => s.ui.currentTeam?.is_admin ?? true);
  const [open, setOpen] = useState(false);
  if (!isAdmin) return null;
  return (
    <>
      <Button type="button" variant="outline" size="sm" className={className} onClick={() => setOpen(true)} disabled={disabled}>
        <BookmarkPlus aria-hidden /> Save as template
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Save as template</DialogTitle>
            <DialogDescription>{saves}</DialogDescription>
          </DialogHeader>
          {open && <SaveForm setup={setup} onClose={() => setOpen(false)} />}
        </DialogContent>
      </Dialog>
    </>
  );
}

function SaveForm({ setup, onClose }: { setup: () => TemplateSetup; onClose: () => void }) {
  const [save, saveState] = usePostApiVideoTemplatesMutation();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const submit = async () => {
    const problem = templateNameProblem(name);
    if (problem) return setError(problem);
    setFormError(null);
    try {
      const saved = await save({ videoTemplateRequest: { ...setup(), name: name.trim() } }).unwrap();
      toast({ variant: 'success', title: 'Template saved', description: `“${saved.name}” is on your home page and in the template picker.` });
      onClose();
    } catch (e) {
      const fields = fieldErrorsOf(e);
      if (fields.name) return setError(fields.name);
      // a setting the API refused (a limit changed since), or the team's limit of templates
      const other = Object.entries(fields)[0];
      setFormError(other ? `${other[0] === 'non_field_errors' ? '' : `${other[0]}: `}${other[1]}` : describeError(e));
    }
  };
  return (
    <TemplateNameForm
      id="template-name"
      hint="Something to know it by, like “Summer sale, vertical, voiced”."
      name={name}
      onName={(v) => {
        setName(v);
        setError(undefined);
      }}
      error={error}
      alert={formError}
      isBusy={saveState.isLoading}
      submitLabel="Save template"
      onSubmit={submit}
      onClose={onClose}
    />
  );
}

/** A template's name in a form: the field, an alert for the rest, Cancel and the submit button. Saving and renaming share it. */
export function TemplateNameForm(props: { id: string; hint?: string; name: string; onName: (name: string) => void; error?: string; alert?: string | null; isBusy: boolean; submitLabel: string; onSubmit: () => Promise<void>; onClose: () => void }) {
  return (
    <form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        void props.onSubmit();
      }}
    >
      <FormField id={props.id} label="Name" error={props.error} hint={props.hint}>
        <Input value={props.name} dir="auto" maxLength={MAX_TEMPLATE_NAME + 20} autoFocus onChange={(e) => props.onName(e.target.value)} />
      </FormField>
      {props.alert !== undefined && <FormAlert>{props.alert}</FormAlert>}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={props.onClose} disabled={props.isBusy}>
          Cancel
        </Button>
        <Button type="submit" disabled={props.isBusy}>
          {props.isBusy ? 'Saving…' : props.submitLabel}
        </Button>
      </DialogFooter>
    </form>
  );
}
