import { MAX_BULK_VIDEOS, MAX_TEXT_CHARS, MAX_TEXT_FILE_BYTES, MAX_TEXT_FILE_LABEL } from '@hookwall/video/limits';
import { textsFromContent } from '@hookwall/text-files';
import { FileUp, Plus, Trash2, Wand2 } from 'lucide-react';
import { useRef } from 'react';
import { usePostApiTextWallVideosGenerateTextsMutation } from '@/api/api';
import { describeError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import type { BuilderDispatch, BuilderState } from './builder-state';
import { copyOptionsRequest, CopyOptionsFields, LANGUAGE_LABELS } from './copy-options';

/** Step 2: the texts, one video each: written from the product, uploaded in a file, pasted or typed. */
export function TextsStep({
  state,
  dispatch,
  contextId,
  ensureContextId,
  tooMany,
}: {
  state: Pick<BuilderState, 'count' | 'copyOptions' | 'texts' | 'paste'>;
  dispatch: BuilderDispatch;
  contextId: string;
  /** the id of the product context, created first when it is written inline; null (after saying why) when it cannot be */
  ensureContextId: () => Promise<number | null>;
  tooMany: boolean;
}) {
  const { count, copyOptions, texts, paste } = state;
  const fileInput = useRef<HTMLInputElement>(null);
  const [generate, generateState] = usePostApiTextWallVideosGenerateTextsMutation();

  const onGenerate = async () => {
    try {
      const id = await ensureContextId();
      if (!id) return;
      const result = await generate({ generateTextsRequest: { context_id: id, count: Math.max(1, Math.min(MAX_BULK_VIDEOS, count)), ...copyOptionsRequest(copyOptions) } }).unwrap();
      dispatch({ type: 'addTexts', texts: result.texts });
      const fewer = result.texts.length < count ? ` (the description gave ${result.texts.length} that pass our checks)` : '';
      toast({
        title: 'Texts written',
        description: `${result.texts.length} new text${result.texts.length === 1 ? '' : 's'} in ${LANGUAGE_LABELS[result.language]}${fewer}${result.credits_spent ? ` for ${result.credits_spent} credits` : ''}. Edit any of them below.`,
      });
    } catch (e) {
      toast({ variant: 'destructive', title: 'Could not write texts', description: describeError(e) });
    }
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_TEXT_FILE_BYTES) {
      toast({ variant: 'destructive', title: 'File too large', description: `Use a CSV or text file under ${MAX_TEXT_FILE_LABEL}.` });
      return;
    }
    const found = textsFromContent(await file.text());
    if (found.length === 0) {
      toast({ variant: 'destructive', title: 'No texts found', description: 'Put one text per line, or use a CSV with a "text" column.' });
      return;
    }
    dispatch({ type: 'addTexts', texts: found });
    toast({ title: 'Texts added', description: `${Math.min(found.length, MAX_BULK_VIDEOS)} texts from ${file.name}.` });
  };

  return (
    <section className="grid gap-4" aria-labelledby="step-texts">
      <h2 id="step-texts" className="text-lg font-semibold">
        Texts: one video each
      </h2>
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="wizard-count">How many</Label>
          <Input
            id="wizard-count"
            type="number"
            min={1}
            max={MAX_BULK_VIDEOS}
            value={count}
            onChange={(e) => dispatch({ type: 'set', patch: { count: Number(e.target.value) || 1 } })}
            className="w-24"
          />
        </div>
        <CopyOptionsFields value={copyOptions} onChange={(value) => dispatch({ type: 'set', patch: { copyOptions: value } })} />
        <Button onClick={() => void onGenerate()} disabled={generateState.isLoading || contextId === ''}>
          <Wand2 aria-hidden /> {generateState.isLoading ? 'Writing…' : 'Generate texts'}
        </Button>
        <Button variant="outline" onClick={() => fileInput.current?.click()}>
          <FileUp aria-hidden /> Upload CSV or text file
        </Button>
        <input ref={fileInput} type="file" accept=".csv,.txt,text/csv,text/plain" className="sr-only" aria-label="CSV or text file" onChange={(e) => void onFile(e.target.files?.[0])} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor="wizard-paste">Or paste texts, one per line</Label>
        <div className="flex gap-2">
          <textarea
            id="wizard-paste"
            dir="auto"
            rows={2}
            value={paste}
            onChange={(e) => dispatch({ type: 'set', patch: { paste: e.target.value } })}
            className="flex-1 rounded-md border bg-background px-3 py-2 text-sm"
          />
          <Button variant="outline" onClick={() => dispatch({ type: 'addPasted' })} disabled={!paste.trim()}>
            Add
          </Button>
        </div>
      </div>
      {texts.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">No texts yet: generate them from your product, paste them or upload a file.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Texts">
          {texts.map((text, i) => (
            <li key={i} className="flex items-start gap-2">
              <span className="mt-2 w-6 text-right text-xs tabular-nums text-muted-foreground">{i + 1}</span>
              <textarea
                aria-label={`Text ${i + 1}`}
                dir="auto"
                rows={Math.min(6, Math.max(2, text.split('\n').length))}
                maxLength={MAX_TEXT_CHARS}
                value={text}
                onFocus={() => dispatch({ type: 'set', patch: { previewIndex: i } })}
                onChange={(e) => dispatch({ type: 'editText', index: i, text: e.target.value })}
                className="flex-1 rounded-md border bg-background px-3 py-2 text-sm"
              />
              <Button variant="ghost" size="icon" aria-label={`Remove text ${i + 1}`} onClick={() => dispatch({ type: 'removeText', index: i })}>
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Button variant="ghost" className="justify-self-start" onClick={() => dispatch({ type: 'addBlankText' })} disabled={texts.length >= MAX_BULK_VIDEOS}>
        <Plus aria-hidden /> Add a text
      </Button>
      {tooMany && <p className="text-sm text-destructive">At most {MAX_BULK_VIDEOS} videos at once.</p>}
    </section>
  );
}
