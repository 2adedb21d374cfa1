import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { TemplateComposition, TemplateOf } from './template-setup';
import { useVideoTemplates } from './use-templates';

/**
 * "Start from a template": the team's templates of this composition; choosing one hands it to
 * `onPick` (the builder fills itself from it) and the picker shows its placeholder again.
 */
export function TemplatePicker<C extends TemplateComposition>({ id, composition, onPick }: { id: string; composition: C; onPick: (template: TemplateOf<C>) => void }) {
  const list = useVideoTemplates(composition);
  const templates = (list.data?.results ?? []).filter((t): t is TemplateOf<C> => t.composition === composition);
  const placeholder = list.isLoading ? 'Loading templates…' : list.isError ? 'Templates did not load' : templates.length ? 'Choose a template' : 'No templates yet';
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={id}>Start from a template</Label>
      <Select
        value=""
        onValueChange={(value) => {
          const template = templates.find((t) => t.id === value);
          if (template) onPick(template);
        }}
        disabled={templates.length === 0}
      >
        <SelectTrigger id={id} className="w-full min-w-0 sm:w-64 [&>span]:truncate" aria-describedby={list.isError ? `${id}-error` : undefined}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {templates.map((t) => (
            <SelectItem key={t.id} value={t.id}>
              {t.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {list.isError && (
        <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
          Your templates could not be loaded.{' '}
          <Button variant="link" className="h-auto p-0 text-xs" onClick={() => void list.refetch()}>
            Retry
          </Button>
        </p>
      )}
    </div>
  );
}
