import { Link } from '@tanstack/react-router';
import { ArrowRight, LayoutTemplate, Pencil, Sparkles, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useDeleteApiVideoTemplatesByIdMutation, usePatchApiVideoTemplatesByIdMutation, type BrandKit, type VideoTemplate } from '@/api/api';
import { describeError, fieldErrorsOf } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { LoadError } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { useBrandKits } from '@/features/brand';
import { TemplateNameForm, templateNameProblem } from './save-template-dialog';
import { COMPOSITION_LABELS, templateTarget } from './template-setup';
import { useVideoTemplates } from './use-templates';

/** templates the home page shows before "Show all" */
export const HOME_TEMPLATES = 6;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** What a template makes, in a line: its kind, format, voice, music and kit. */
export function templateSummary(template: VideoTemplate, kits: BrandKit[]): string {
  const s = template.settings;
  const parts: string[] = [COMPOSITION_LABELS[template.composition], s.aspect ?? '9:16'];
  if (template.composition === 'text-wall') {
    const t = template.settings;
    parts.push(plural(t.count ?? 10, 'text'));
    if (t.voice) parts.push('voiced');
    if (t.combine === 'matrix' && t.styles) parts.push(`${plural(t.styles.length, 'style')} tested`);
  } else if (template.composition === 'hook-product-demo') {
    const h = template.settings;
    parts.push(`${plural(h.hook_video_ids?.length ?? 0, 'hook')} × ${plural(h.product_demo_video_ids?.length ?? 0, 'demo')}`);
    if (h.voice) parts.push('voice-over');
  } else {
    parts.push(plural(template.settings.texts?.length ?? 0, 'wall'));
  }
  if (s.music) parts.push('music');
  const kit = template.brand_kit_id ? kits.find((k) => k.id === template.brand_kit_id) : undefined;
  parts.push(kit ? `kit ${kit.name}` : 'no brand kit');
  return parts.join(' · ');
}

/**
 * The home page's templates: each opens its builder with the setup applied, where one click makes
 * the batch (a text wall's texts are written from the latest product on the way). Admins rename and
 * delete them here.
 */
export function TemplatesSection() {
  const list = useVideoTemplates();
  const { kits } = useBrandKits();
  const canChange = useAppSelector((s) => s.ui.currentTeam?.is_admin ?? true);
  const [showAll, setShowAll] = useState(false);
  const [renaming, setRenaming] = useState<VideoTemplate | null>(null);
  const [deleting, setDeleting] = useState<VideoTemplate | null>(null);
  const [remove, removeState] = useDeleteApiVideoTemplatesByIdMutation();
  const templates = list.data?.results ?? [];
  const shown = showAll ? templates : templates.slice(0, HOME_TEMPLATES);

  const onConfirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove({ id: deleting.id }).unwrap();
      toast({ variant: 'success', title: 'Template deleted', description: `“${deleting.name}” is gone. Videos made from it stay as they are.` });
    } catch (e) {
      toast({ variant: 'destructive', title: 'Could not delete the template', description: describeError(e) });
    }
    setDeleting(null);
  };

  let body;
  if (list.isLoading) {
    body = (
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-hidden>
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-20" />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = <LoadError what="your templates" error={list.error} onRetry={() => void list.refetch()} className="py-6" />;
  } else if (templates.length === 0) {
    body = (
      <div className="flex flex-col items-start gap-2 rounded-lg border border-dashed p-4 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between">
        <p>No templates yet. Set up a batch in the builder and choose Save as template: it shows here, and two clicks make the next batch from it.</p>
        <Button asChild variant="outline" size="sm" className="shrink-0">
          <Link to="/create/text-wall">
            <Sparkles aria-hidden /> Create text walls
          </Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label="Templates">
          {shown.map((template) => {
            const summary = templateSummary(template, kits);
            const summaryId = `template-${template.id}-summary`;
            return (
              <li key={template.id} aria-label={template.name} className="relative flex items-stretch rounded-lg border bg-card transition-shadow hover:shadow-md">
                <div className="group grid min-w-0 flex-1 gap-1 p-3">
                  {/* the link is the template's name, stretched over the card (a click anywhere opens it); what it makes is its description */}
                  <Link
                    {...templateTarget(template)}
                    aria-describedby={summaryId}
                    className="flex min-w-0 items-center gap-2 text-sm font-medium outline-none after:absolute after:inset-0 after:rounded-lg focus-visible:after:ring-[3px] focus-visible:after:ring-ring/50"
                  >
                    <LayoutTemplate className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                    <span className="truncate [overflow-wrap:anywhere]" dir="auto" title={template.name}>
                      {template.name}
                    </span>
                  </Link>
                  <span id={summaryId} className="text-xs text-muted-foreground">
                    {summary}
                  </span>
                  <span aria-hidden className="mt-1 flex items-center gap-1 text-xs font-medium text-primary">
                    Make videos <ArrowRight className="size-3.5 transition-transform group-hover:translate-x-0.5" />
                  </span>
                </div>
                {canChange && (
                  // above the stretched link, so they stay their own buttons
                  <div className="relative z-10 flex shrink-0 flex-col justify-center border-l px-1">
                    <Button variant="ghost" size="icon" className="size-8" aria-label={`Rename ${template.name}`} onClick={() => setRenaming(template)}>
                      <Pencil className="size-3.5" aria-hidden />
                    </Button>
                    <Button variant="ghost" size="icon" className="size-8 text-muted-foreground hover:text-destructive" aria-label={`Delete ${template.name}`} onClick={() => setDeleting(template)}>
                      <Trash2 className="size-3.5" aria-hidden />
                    </Button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
        {templates.length > HOME_TEMPLATES && (
          <Button variant="link" size="sm" className="mt-2 px-0" aria-expanded={showAll} onClick={() => setShowAll((v) => !v)}>
            {showAll ? 'Show fewer' : `Show all ${list.data?.count ?? templates.length} templates`}
          </Button>
        )}
      </>
    );
  }

  return (
    <section className="mb-8" aria-labelledby="home-templates" aria-busy={list.isLoading}>
      <h2 id="home-templates" className="mb-3 text-sm font-semibold text-muted-foreground">
        Templates
      </h2>
      {body}
      <RenameDialog template={renaming} onClose={() => setRenaming(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this template?"
        description={<>“{deleting?.name}” will be deleted for everyone in your team. Videos made from it stay as they are.</>}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        isBusy={removeState.isLoading}
        onConfirm={() => void onConfirmDelete()}
      />
    </section>
  );
}

function RenameDialog({ template, onClose }: { template: VideoTemplate | null; onClose: () => void }) {
  return (
    <Dialog open={template !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>Rename template</DialogTitle>
          <DialogDescription>The name your team sees on the home page and in the template pickers.</DialogDescription>
        </DialogHeader>
        {template && <RenameForm key={template.id} template={template} onClose={onClose} />}
      </DialogContent>
    </Dialog>
  );
}

function RenameForm({ template, onClose }: { template: VideoTemplate; onClose: () => void }) {
  const [patch, patchState] = usePatchApiVideoTemplatesByIdMutation();
  const [name, setName] = useState(template.name);
  const [error, setError] = useState<string | undefined>();
  const save = async () => {
    const problem = templateNameProblem(name);
    if (problem) return setError(problem);
    const trimmed = name.trim();
    if (trimmed === template.name) return onClose();
    try {
      await patch({ id: template.id, patchedVideoTemplateRequest: { name: trimmed } }).unwrap();
      toast({ variant: 'success', title: 'Template renamed', description: `It is now “${trimmed}”.` });
      onClose();
    } catch (e) {
      // a name the team already has is said under the field, the rest in a toast
      const fields = fieldErrorsOf(e);
      if (fields.name) setError(fields.name);
      else toast({ variant: 'destructive', title: 'Could not rename the template', description: describeError(e) });
    }
  };
  return (
    <TemplateNameForm
      id="template-rename"
      name={name}
      onName={(v) => {
        setName(v);
        setError(undefined);
      }}
      error={error}
      isBusy={patchState.isLoading}
      submitLabel="Save"
      onSubmit={save}
      onClose={onClose}
    />
  );
}
