import { MAX_BULK_VIDEOS, MAX_TEXT_CHARS, MAX_TEXT_FILE_BYTES, MAX_TEXT_FILE_LABEL } from '@hookwall/video/limits';
import { textsFromContent } from '@hookwall/text-files';
import { FileUp, Plus, Trash2, Wand2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { usePostApiTextWallVideosGenerateTextsMutation } from '@/api/api';
import { describeError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { splitPasted, type BuilderDispatch, type BuilderState, type PasteSplit } from './builder-state';
import { copyOptionsRequest, CopyOptionsFields, LANGUAGE_LABELS } from './copy-options';

const PASTE_SPLITS: { value: PasteSplit; label: string }[] = [
  { value: 'line', label: 'One video per line' },
  { value: 'block', label: 'One video per block (blocks separated by a blank line)' },
];

/** Why a "How many" cannot be asked for, or null when it can: a whole number from 1 to the bulk limit. */
export function countProblem(value: string): string | null {
  const n = Number(value);
  if (value.trim() === '' || Number.isNaN(n) || n < 1) return 'Ask for at least 1 text.';
  if (!Number.isInteger(n)) return 'Ask for a whole number of texts.';
  if (n > MAX_BULK_VIDEOS) return `At most ${MAX_BULK_VIDEOS} texts at once.`;
  return null;
}

/** Step 2: the texts, one video each: written from the product, uploaded in a file, pasted or typed. */
export function TextsStep({
  state,
  dispatch,
  contextId,
  ensureContextId,
  tooMany,
  errors = {},
  error,
  like,
}: {
  state: Pick<BuilderState, 'count' | 'copyOptions' | 'texts' | 'paste' | 'pasteSplit'>;
  dispatch: BuilderDispatch;
  contextId: string;
  /** the id of the product context, created first when it is written inline; null (after saying why) when it cannot be */
  ensureContextId: () => Promise<number | null>;
  tooMany: boolean;
  /** the API's errors of the last Create, by the index of the text among the non-blank ones (the ones sent) */
  errors?: Record<number, string>;
  /** the API's error about the texts as a whole */
  error?: string;
  /** "Make more like this": the winning videos whose texts the copywriter writes like */
  like?: string[];
}) {
  const { count, copyOptions, texts, paste, pasteSplit } = state;
  // the error of each text of the list: the request skipped the blank ones
  const errorOf: (string | undefined)[] = [];
  let sent = 0;
  for (const text of texts) errorOf.push(text.trim() ? errors[sent++] : undefined);
  const fileInput = useRef<HTMLInputElement>(null);
  // "Add a text" pressed: the new text gets the focus once it shows (typing on would press the button again)
  const textList = useRef<HTMLOListElement>(null);
  const focusAdded = useRef(false);
  useEffect(() => {
    if (!focusAdded.current) return;
    focusAdded.current = false;
    textList.current?.querySelector<HTMLTextAreaElement>('li:last-child textarea')?.focus();
  }, [texts.length]);
  const [generate, generateState] = usePostApiTextWallVideosGenerateTextsMutation();
  // "How many" as typed: a count out of range is said, never quietly replaced by one that is not
  const [countInput, setCountInput] = useState(String(count));
  const countError = countProblem(countInput);
  const pasted = splitPasted(paste, pasteSplit);

  const onCountChange = (value: string) => {
    setCountInput(value);
    if (!countProblem(value)) dispatch({ type: 'set', patch: { count: Number(value) } });
  };

  const onGenerate = async () => {
    if (countError) return;
    try {
      const id = await ensureContextId();
      if (!id) return;
      const result = await generate({ generateTextsRequest: { context_id: id, count, ...copyOptionsRequest(copyOptions), ...(like?.length ? { like_video_ids: like } : {}) } }).unwrap();
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
      {like?.length ? (
        <p className="rounded-md border border-dashed px-3 py-2 text-sm text-muted-foreground">
          More like {like.length === 1 ? 'the winning video' : `the ${like.length} winning videos`}: Generate texts writes new ones in their shape (opening words, length, punctuation, emoji), never the same words again. The setup is the winner’s.
        </p>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1.5">
          <Label htmlFor="wizard-count">How many</Label>
          <Input
            id="wizard-count"
            type="number"
            min={1}
            max={MAX_BULK_VIDEOS}
            step={1}
            value={countInput}
            onChange={(e) => onCountChange(e.target.value)}
            aria-invalid={countError ? true : undefined}
            aria-describedby={countError ? 'wizard-count-error' : undefined}
            className="w-24"
          />
        </div>
        <CopyOptionsFields value={copyOptions} onChange={(value) => dispatch({ type: 'set', patch: { copyOptions: value } })} />
        <Button onClick={() => void onGenerate()} disabled={generateState.isLoading || contextId === '' || !!countError}>
          <Wand2 aria-hidden /> {generateState.isLoading ? 'Writing…' : like?.length ? 'Generate texts like the winners' : 'Generate texts'}
        </Button>
        <Button variant="outline" onClick={() => fileInput.current?.click()}>
          <FileUp aria-hidden /> Upload CSV or text file
        </Button>
        <input ref={fileInput} type="file" accept=".csv,.txt,text/csv,text/plain" className="sr-only" aria-label="CSV or text file" onChange={(e) => void onFile(e.target.files?.[0])} />
      </div>
      {countError && (
        <p id="wizard-count-error" role="alert" className="-mt-2 text-sm text-destructive">
          {countError}
        </p>
      )}
      <div className="grid gap-1.5">
        <Label htmlFor="wizard-paste">{pasteSplit === 'line' ? 'Or paste texts, one per line' : 'Or paste texts, one per block'}</Label>
        <div role="radiogroup" aria-label="Split the pasted text" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {PASTE_SPLITS.map(({ value, label }) => (
            <label key={value} className="flex items-center gap-1.5">
              <input type="radio" name="wizard-paste-split" value={value} checked={pasteSplit === value} onChange={() => dispatch({ type: 'set', patch: { pasteSplit: value } })} />
              {label}
            </label>
          ))}
        </div>
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
        <p aria-live="polite" className="text-xs text-muted-foreground">
          {paste.trim() ? `This makes ${pasted.length} video${pasted.length === 1 ? '' : 's'}.` : ''}
        </p>
      </div>
      {texts.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">No texts yet: generate them from your product, paste them or upload a file.</p>
      ) : (
        <ol ref={textList} className="grid gap-2" aria-label="Texts">
          {texts.map((text, i) => (
            <li key={i} className="flex items-start gap-2">
              <span className="mt-2 w-6 text-right text-xs tabular-nums text-muted-foreground">{i + 1}</span>
              <div className="grid flex-1 gap-1">
                <textarea
                  aria-label={`Text ${i + 1}`}
                  dir="auto"
                  rows={Math.min(6, Math.max(2, text.split('\n').length))}
                  maxLength={MAX_TEXT_CHARS}
                  value={text}
                  aria-invalid={errorOf[i] ? true : undefined}
                  aria-describedby={errorOf[i] ? `wizard-text-${i}-error` : undefined}
                  onFocus={() => dispatch({ type: 'set', patch: { previewIndex: i } })}
                  onChange={(e) => dispatch({ type: 'editText', index: i, text: e.target.value })}
                  className="rounded-md border bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
                />
                {errorOf[i] && (
                  <p id={`wizard-text-${i}-error`} role="alert" className="text-sm text-destructive">
                    {errorOf[i]}
                  </p>
                )}
              </div>
              <Button variant="ghost" size="icon" aria-label={`Remove text ${i + 1}`} onClick={() => dispatch({ type: 'removeText', index: i })}>
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
      )}
      <Button variant="ghost" className="justify-self-start" onClick={() => {
          focusAdded.current = true;
          dispatch({ type: 'addBlankText' });
        }} disabled={texts.length >= MAX_BULK_VIDEOS}>
        <Plus aria-hidden /> Add a text
      </Button>
      {tooMany && <p className="text-sm text-destructive">At most {MAX_BULK_VIDEOS} videos at once.</p>}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
    </section>
  );
}
