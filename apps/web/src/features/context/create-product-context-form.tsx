import { InfoIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { usePostApiContextsMutation, usePutApiContextsByIdMutation, type Context } from '@/api/api';

/** special_features are appended to content after a blank line and a heading, as the original client did. */
export function combineContextContent(content: string, specialFeatures: string): string {
  const features = specialFeatures.trim();
  return features ? `${content.trim()}\n\nWhat makes it special:\n${features}` : content.trim();
}

const SPECIAL_HEADING = '\n\nWhat makes it special:\n';

/** The reverse of combineContextContent, so editing shows the two fields the form saved. */
export function splitContextContent(content: string): { content: string; specialFeatures: string } {
  const at = content.lastIndexOf(SPECIAL_HEADING);
  if (at < 0) return { content, specialFeatures: '' };
  return { content: content.slice(0, at), specialFeatures: content.slice(at + SPECIAL_HEADING.length) };
}

function FieldLabel({ htmlFor, children, tip }: { htmlFor: string; children: ReactNode; tip: string }) {
  return (
    <div className="flex items-center gap-1.5">
      <Label htmlFor={htmlFor}>{children}</Label>
      <Tooltip>
        <TooltipTrigger type="button" className="text-muted-foreground hover:text-foreground cursor-help" aria-label={tip}>
          <InfoIcon className="size-3.5" />
        </TooltipTrigger>
        <TooltipContent>{tip}</TooltipContent>
      </Tooltip>
    </div>
  );
}

/**
 * The product context form (the Create Product Context modal); given a context it edits that
 * context in the same form, keeping its type.
 */
export function CreateProductContextForm({ onSaved, context }: { onSaved?: () => void; context?: Context }) {
  const initial = context ? splitContextContent(context.content) : { content: '', specialFeatures: '' };
  const [name, setName] = useState(context?.name ?? '');
  const [content, setContent] = useState(initial.content);
  const [specialFeatures, setSpecialFeatures] = useState(initial.specialFeatures);
  const [createContext, createState] = usePostApiContextsMutation();
  const [updateContext, updateState] = usePutApiContextsByIdMutation();
  const isSaving = createState.isLoading || updateState.isLoading;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      toast({ variant: 'destructive', title: 'Error', description: 'Name is required' });
      return;
    }
    const combined = combineContextContent(content, specialFeatures);
    if (!combined.trim()) {
      toast({ variant: 'destructive', title: 'Error', description: 'Please provide what your product does' });
      return;
    }
    if (context) {
      try {
        await updateContext({ id: context.id, contextRequest: { name: name.trim(), type: context.type === 'general' ? 'general' : 'product', content: combined } }).unwrap();
        toast({ variant: 'success', title: 'Success', description: 'Product context updated successfully' });
        onSaved?.();
      } catch (error) {
        console.error('Failed to update product context', error);
        toast({ variant: 'destructive', title: 'Error', description: 'Failed to update product context' });
      }
      return;
    }
    try {
      await createContext({ contextRequest: { name: name.trim(), type: 'product', content: combined } }).unwrap();
      toast({ variant: 'success', title: 'Success', description: 'Product context created successfully' });
      onSaved?.();
    } catch (error) {
      console.error('Failed to create product context', error);
      toast({ variant: 'destructive', title: 'Error', description: 'Failed to create product context' });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-5">
      <div className="grid gap-1">
        <h2 className="text-xl font-semibold">Product Context</h2>
        <p className="text-sm text-muted-foreground">Tell us about your product so we can help generate ads for you automatically</p>
      </div>
      <div className="grid gap-2">
        <FieldLabel htmlFor="context-name" tip="The name of your product, as your customers know it.">
          Name
        </FieldLabel>
        <Input id="context-name" required maxLength={200} autoFocus placeholder="Your product name" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <FieldLabel htmlFor="context-content" tip="Who it is for, the problem it solves and how.">
          What does it do?
        </FieldLabel>
        <Textarea id="context-content" rows={4} placeholder="Your product helps X solve Y by doing Z" value={content} onChange={(e) => setContent(e.target.value)} />
      </div>
      <div className="grid gap-2">
        <FieldLabel htmlFor="context-special" tip="What sets it apart from the alternatives; used to write hooks.">
          What makes it special?
        </FieldLabel>
        <Textarea id="context-special" rows={3} placeholder="You can put bullet points if you want" value={specialFeatures} onChange={(e) => setSpecialFeatures(e.target.value)} />
      </div>
      <Button type="submit" disabled={isSaving}>
        {isSaving ? 'Saving...' : 'Save'}
      </Button>
    </form>
  );
}
