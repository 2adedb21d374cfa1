import { STYLE_PRESETS, type Aspect, type TextStyle } from '@hookwall/video/schemas';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { ArrowLeft, ArrowRight, Check, FileUp, Plus, Sparkles, Trash2, Wand2 } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { z } from 'zod';
import {
  useGetApiContextsQuery,
  useGetApiTextWallBackgroundVideosQuery,
  useGetApiTextWallVideosByIdQuery,
  usePostApiContextsMutation,
  usePostApiTextWallVideosBulkCreateMutation,
  usePostApiTextWallVideosGenerateTextsMutation,
  type TextWallBackgroundVideo,
} from '@/api/api';
import { describeError } from '@/api/errors';
import { useAppSelector } from '@/app/hooks';
import { CompositionPlayer } from '@/components/composition-player';
import { PageHeader } from '@/components/layout/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { withTeamKey } from '@/lib/team-cache-key';
import { cn } from '@/lib/utils';
import { ANY_COPY, copyOptionsRequest, CopyOptionsFields, LANGUAGE_LABELS, type CopyOptions } from './copy-options';
import { StyleEditor } from './style-editor';
import { textsFromContent } from '@hookwall/text-files';

export const MAX_VIDEOS = 200;
const STEPS = ['Product', 'Texts', 'Backgrounds', 'Style'] as const;
const INLINE = '__inline__';

/** `?from=<text wall id>` starts from a copy of that video (duplicate and edit). */
export const textWallSearchSchema = z.object({ from: z.uuid().optional().catch(undefined) });

function Stepper({ step, onStep, canReach }: { step: number; onStep: (s: number) => void; canReach: (s: number) => boolean }) {
  return (
    <ol className="mb-6 grid grid-cols-4 gap-2" aria-label="Steps">
      {STEPS.map((label, i) => (
        <li key={label}>
          <button
            type="button"
            onClick={() => onStep(i)}
            disabled={!canReach(i)}
            aria-current={step === i ? 'step' : undefined}
            className={cn(
              'flex w-full items-center gap-2 rounded-md border px-3 py-2 text-left text-sm transition disabled:opacity-50',
              step === i ? 'border-primary bg-primary/5 font-medium' : 'hover:bg-accent',
            )}
          >
            <span className={cn('flex size-6 shrink-0 items-center justify-center rounded-full text-xs', i < step ? 'bg-primary text-primary-foreground' : 'bg-muted')}>
              {i < step ? <Check className="size-3.5" aria-hidden /> : i + 1}
            </span>
            <span className="truncate">{label}</span>
          </button>
        </li>
      ))}
    </ol>
  );
}

function BackgroundTile({ bg, isSelected, onToggle }: { bg: TextWallBackgroundVideo; isSelected: boolean; onToggle: () => void }) {
  return (
    <label className={cn('group relative block cursor-pointer overflow-hidden rounded-lg border', isSelected && 'ring-2 ring-primary ring-offset-2 ring-offset-background')}>
      {bg.thumbnail_url ? <img src={bg.thumbnail_url} alt="" className="aspect-[9/16] w-full object-cover" loading="lazy" /> : <span className="block aspect-[9/16] w-full bg-muted" />}
      <span className="absolute left-2 top-2 rounded bg-background/90 p-0.5">
        <Checkbox checked={isSelected} onCheckedChange={onToggle} aria-label={`Use ${bg.name}`} />
      </span>
      <span className="absolute inset-x-0 bottom-0 truncate bg-gradient-to-t from-black/70 to-transparent px-2 pb-1.5 pt-4 text-xs text-white">
        {bg.name}
        {bg.is_builtin ? '' : ' · yours'}
      </span>
    </label>
  );
}

export function TextWallPage() {
  const teamSlug = useAppSelector((s) => s.ui.currentTeam?.slug);
  const { from } = textWallSearchSchema.parse(useSearch({ strict: false }));
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [contextId, setContextId] = useState<string>('');
  const [inlineName, setInlineName] = useState('');
  const [inlineContent, setInlineContent] = useState('');
  const [count, setCount] = useState(10);
  const [copyOptions, setCopyOptions] = useState<CopyOptions>(ANY_COPY);
  const [texts, setTexts] = useState<string[]>([]);
  const [paste, setPaste] = useState('');
  const [backgroundIds, setBackgroundIds] = useState<string[]>([]);
  const [style, setStyle] = useState<TextStyle>(STYLE_PRESETS.bold.style);
  const [aspect, setAspect] = useState<Aspect>('9:16');
  const [duration, setDuration] = useState(10);
  const [previewIndex, setPreviewIndex] = useState(0);
  const fileInput = useRef<HTMLInputElement>(null);

  const contexts = useGetApiContextsQuery(withTeamKey({ pageSize: 100, ordering: '-updated_at' }, teamSlug), { skip: !teamSlug });
  const backgrounds = useGetApiTextWallBackgroundVideosQuery(withTeamKey({ pageSize: 100, status: 'ready' as const }, teamSlug), { skip: !teamSlug });
  const source = useGetApiTextWallVideosByIdQuery(withTeamKey({ id: from ?? '' }, teamSlug), { skip: !teamSlug || !from });
  const [createContext] = usePostApiContextsMutation();
  const [generate, generateState] = usePostApiTextWallVideosGenerateTextsMutation();
  const [bulkCreate, bulkState] = usePostApiTextWallVideosBulkCreateMutation();

  // duplicate and edit: start from the video's text, background and style, once
  const [copiedFrom, setCopiedFrom] = useState<string | null>(null);
  if (source.data && copiedFrom !== source.data.id) {
    setCopiedFrom(source.data.id);
    setTexts([source.data.text]);
    setBackgroundIds(source.data.background_video_id ? [source.data.background_video_id] : []);
    setStyle(source.data.style as TextStyle);
    setAspect(source.data.aspect);
    setDuration(source.data.duration_seconds);
    if (source.data.context_id) setContextId(String(source.data.context_id));
    setStep(1);
  }

  const contextList = contexts.data?.results ?? [];
  if (!contextId && contextList.length > 0) setContextId(String(contextList[0]!.id));
  if (!contextId && contexts.data && contextList.length === 0) setContextId(INLINE);
  const bgList = backgrounds.data?.results ?? [];
  const selectedBackgrounds = backgroundIds.map((id) => bgList.find((b) => b.id === id)).filter((b): b is TextWallBackgroundVideo => !!b);
  const cleanTexts = texts.map((t) => t.trim()).filter(Boolean);

  const ensureContextId = async (): Promise<number | null> => {
    if (contextId && contextId !== INLINE) return Number(contextId);
    if (!inlineName.trim() || !inlineContent.trim()) {
      toast({ variant: 'destructive', title: 'Describe the product first', description: 'Give it a name and say what it does.' });
      return null;
    }
    const created = await createContext({ contextRequest: { name: inlineName.trim(), type: 'product', content: inlineContent.trim() } }).unwrap();
    setContextId(String(created.id));
    return created.id;
  };

  const onGenerate = async () => {
    try {
      const id = await ensureContextId();
      if (!id) return;
      const result = await generate({ generateTextsRequest: { context_id: id, count: Math.max(1, Math.min(MAX_VIDEOS, count)), ...copyOptionsRequest(copyOptions) } }).unwrap();
      setTexts((prev) => [...prev.filter((t) => t.trim()), ...result.texts].slice(0, MAX_VIDEOS));
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
    if (file.size > 2 * 1024 * 1024) {
      toast({ variant: 'destructive', title: 'File too large', description: 'Use a CSV or text file under 2 MB.' });
      return;
    }
    const found = textsFromContent(await file.text());
    if (found.length === 0) {
      toast({ variant: 'destructive', title: 'No texts found', description: 'Put one text per line, or use a CSV with a "text" column.' });
      return;
    }
    setTexts((prev) => [...prev.filter((t) => t.trim()), ...found].slice(0, MAX_VIDEOS));
    toast({ title: 'Texts added', description: `${Math.min(found.length, MAX_VIDEOS)} texts from ${file.name}.` });
  };

  const onCreate = async () => {
    try {
      const result = await bulkCreate({
        bulkVideoJobCreateRequest: {
          texts: cleanTexts,
          background_video_ids: backgroundIds,
          style,
          duration_seconds: duration,
          aspect,
          ...(contextId && contextId !== INLINE ? { context_id: Number(contextId) } : {}),
        },
      }).unwrap();
      toast({ title: 'Videos on their way', description: `${result.total} video${result.total === 1 ? '' : 's'} queued for rendering.` });
      void navigate({ to: '/videos', search: { job: result.job_id } as never });
    } catch (e) {
      toast({ variant: 'destructive', title: 'Could not create the videos', description: describeError(e) });
    }
  };

  const safeIndex = Math.min(previewIndex, Math.max(0, cleanTexts.length - 1));
  const previewBackground = selectedBackgrounds.length ? selectedBackgrounds[safeIndex % selectedBackgrounds.length] : undefined;
  const previewProps = useMemo(
    () => ({
      text: cleanTexts[safeIndex] ?? 'Your text appears here',
      background: previewBackground?.url && previewBackground.duration ? { url: previewBackground.url, durationInSeconds: previewBackground.duration } : null,
      durationInSeconds: duration,
      aspect,
      style,
    }),
    [cleanTexts, safeIndex, previewBackground, duration, aspect, style],
  );

  const canReach = (s: number) => s === 0 || (s >= 1 && !!contextId) || (s >= 2 && cleanTexts.length > 0);
  const tooMany = cleanTexts.length > MAX_VIDEOS;

  return (
    <>
      <PageHeader title="Create text walls" description="Hooks over background clips, rendered by the dozen." />
      <Stepper step={step} onStep={setStep} canReach={(s) => s <= step || canReach(s)} />
      <div className="grid gap-6 lg:grid-cols-[1fr_320px]">
        <Card>
          <CardContent className="grid gap-5 p-5">
            {step === 0 && (
              <section className="grid gap-4" aria-labelledby="step-product">
                <h2 id="step-product" className="text-lg font-semibold">
                  Which product are these videos for?
                </h2>
                {contexts.isLoading ? (
                  <Skeleton className="h-9 w-full" />
                ) : (
                  <div className="grid gap-1.5">
                    <Label htmlFor="wizard-context">Product context</Label>
                    <Select value={contextId} onValueChange={setContextId}>
                      <SelectTrigger id="wizard-context">
                        <SelectValue placeholder="Choose a product context" />
                      </SelectTrigger>
                      <SelectContent>
                        {contextList.map((c) => (
                          <SelectItem key={c.id} value={String(c.id)}>
                            {c.name}
                          </SelectItem>
                        ))}
                        <SelectItem value={INLINE}>Write a new one here…</SelectItem>
                      </SelectContent>
                    </Select>
                  </div>
                )}
                {contextId === INLINE && (
                  <div className="grid gap-3">
                    <div className="grid gap-1.5">
                      <Label htmlFor="wizard-name">Product name</Label>
                      <Input id="wizard-name" dir="auto" maxLength={200} value={inlineName} onChange={(e) => setInlineName(e.target.value)} placeholder="Glow Serum" />
                    </div>
                    <div className="grid gap-1.5">
                      <Label htmlFor="wizard-content">What it does and what makes it special</Label>
                      <textarea
                        id="wizard-content"
                        dir="auto"
                        rows={5}
                        value={inlineContent}
                        onChange={(e) => setInlineContent(e.target.value)}
                        className="rounded-md border bg-background px-3 py-2 text-sm"
                        placeholder={'Gives dull skin a glow in 7 days.\nWhat makes it special:\n- Vitamin C\n- Vegan'}
                      />
                      <p className="text-xs text-muted-foreground">It is saved to your product contexts when the texts are written.</p>
                    </div>
                  </div>
                )}
              </section>
            )}
            {step === 1 && (
              <section className="grid gap-4" aria-labelledby="step-texts">
                <h2 id="step-texts" className="text-lg font-semibold">
                  Texts: one video each
                </h2>
                <div className="flex flex-wrap items-end gap-2">
                  <div className="grid gap-1.5">
                    <Label htmlFor="wizard-count">How many</Label>
                    <Input id="wizard-count" type="number" min={1} max={MAX_VIDEOS} value={count} onChange={(e) => setCount(Number(e.target.value) || 1)} className="w-24" />
                  </div>
                  <CopyOptionsFields value={copyOptions} onChange={setCopyOptions} />
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
                    <textarea id="wizard-paste" dir="auto" rows={2} value={paste} onChange={(e) => setPaste(e.target.value)} className="flex-1 rounded-md border bg-background px-3 py-2 text-sm" />
                    <Button
                      variant="outline"
                      onClick={() => {
                        const lines = paste.split('\n').map((l) => l.trim()).filter(Boolean);
                        setTexts((prev) => [...prev.filter((t) => t.trim()), ...lines].slice(0, MAX_VIDEOS));
                        setPaste('');
                      }}
                      disabled={!paste.trim()}
                    >
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
                          maxLength={1000}
                          value={text}
                          onFocus={() => setPreviewIndex(i)}
                          onChange={(e) => setTexts((prev) => prev.map((t, j) => (j === i ? e.target.value : t)))}
                          className="flex-1 rounded-md border bg-background px-3 py-2 text-sm"
                        />
                        <Button variant="ghost" size="icon" aria-label={`Remove text ${i + 1}`} onClick={() => setTexts((prev) => prev.filter((_, j) => j !== i))}>
                          <Trash2 aria-hidden />
                        </Button>
                      </li>
                    ))}
                  </ol>
                )}
                <Button variant="ghost" className="justify-self-start" onClick={() => setTexts((prev) => [...prev, ''])} disabled={texts.length >= MAX_VIDEOS}>
                  <Plus aria-hidden /> Add a text
                </Button>
                {tooMany && <p className="text-sm text-destructive">At most {MAX_VIDEOS} videos at once.</p>}
              </section>
            )}
            {step === 2 && (
              <section className="grid gap-4" aria-labelledby="step-backgrounds">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 id="step-backgrounds" className="text-lg font-semibold">
                    Backgrounds
                  </h2>
                  <p className="text-sm text-muted-foreground">{backgroundIds.length ? `${backgroundIds.length} chosen: used in turn` : 'None chosen: the brand gradient is used'}</p>
                </div>
                {backgrounds.isLoading ? (
                  <div className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6">
                    {Array.from({ length: 6 }, (_, i) => (
                      <Skeleton key={i} className="aspect-[9/16] w-full" />
                    ))}
                  </div>
                ) : bgList.length === 0 ? (
                  <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">The background library is still being prepared. Your videos can use the brand gradient meanwhile.</p>
                ) : (
                  <div className="grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6">
                    {bgList.map((bg) => (
                      <BackgroundTile key={bg.id} bg={bg} isSelected={backgroundIds.includes(bg.id)} onToggle={() => setBackgroundIds((prev) => (prev.includes(bg.id) ? prev.filter((x) => x !== bg.id) : [...prev, bg.id]))} />
                    ))}
                  </div>
                )}
              </section>
            )}
            {step === 3 && (
              <section className="grid gap-5" aria-labelledby="step-style">
                <h2 id="step-style" className="text-lg font-semibold">
                  Style
                </h2>
                <div className="grid gap-4 sm:grid-cols-2">
                  <div className="grid gap-1.5">
                    <Label htmlFor="wizard-aspect">Format</Label>
                    <Select value={aspect} onValueChange={(v) => setAspect(v as Aspect)}>
                      <SelectTrigger id="wizard-aspect">
                        <SelectValue />
                      </SelectTrigger>
                      <SelectContent>
                        <SelectItem value="9:16">Vertical 9:16 (Reels, TikTok, Shorts)</SelectItem>
                        <SelectItem value="1:1">Square 1:1 (feed)</SelectItem>
                        <SelectItem value="16:9">Landscape 16:9 (YouTube)</SelectItem>
                      </SelectContent>
                    </Select>
                  </div>
                  <div className="grid gap-1.5">
                    <Label htmlFor="wizard-duration">Length ({duration} s)</Label>
                    <input id="wizard-duration" type="range" min={5} max={60} step={1} value={duration} onChange={(e) => setDuration(Number(e.target.value))} className="accent-primary" />
                  </div>
                </div>
                <StyleEditor style={style} onChange={setStyle} />
              </section>
            )}
            <div className="flex flex-wrap items-center justify-between gap-2 border-t pt-4">
              <Button variant="outline" onClick={() => setStep((s) => Math.max(0, s - 1))} disabled={step === 0}>
                <ArrowLeft aria-hidden /> Back
              </Button>
              {step < STEPS.length - 1 ? (
                <Button onClick={() => setStep((s) => s + 1)} disabled={!canReach(step + 1)}>
                  Next <ArrowRight aria-hidden />
                </Button>
              ) : (
                <Button onClick={() => void onCreate()} disabled={cleanTexts.length === 0 || tooMany || bulkState.isLoading}>
                  <Sparkles aria-hidden /> {bulkState.isLoading ? 'Creating…' : `Create ${cleanTexts.length} video${cleanTexts.length === 1 ? '' : 's'}`}
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
        <aside className="grid content-start gap-3" aria-label="Preview">
          <div className="flex items-center justify-between gap-2">
            <h2 className="text-sm font-medium">Preview</h2>
            {cleanTexts.length > 1 && (
              <Select value={String(safeIndex)} onValueChange={(v) => setPreviewIndex(Number(v))}>
                <SelectTrigger className="h-8 w-36" aria-label="Variant to preview">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {cleanTexts.map((_, i) => (
                    <SelectItem key={i} value={String(i)}>
                      Video {i + 1}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          </div>
          <CompositionPlayer compositionId="text-wall" props={previewProps} label="Live preview" className="mx-auto w-full max-w-[320px]" />
          <p className="text-xs text-muted-foreground">
            What you see is what renders. {cleanTexts.length > 0 ? `${cleanTexts.length} video${cleanTexts.length === 1 ? '' : 's'} so far.` : ''}{' '}
            <Link to="/videos" className="underline">
              See your videos
            </Link>
          </p>
        </aside>
      </div>
    </>
  );
}
