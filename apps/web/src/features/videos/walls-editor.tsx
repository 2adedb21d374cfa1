import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { TextWallBackgroundVideo } from '@/api/api';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { FieldMessage, TRIGGER } from './composite-fields';
import { MAX_WALL_CHARS, MAX_WALL_SECONDS, MAX_WALLS, MIN_WALL_SECONDS, MIN_WALLS, newWall, type WallDraft } from './multi-text-wall-state';

const NONE = '__none__';

/** The walls of a multi text wall, in order: each its text, its seconds and its background; added, removed and moved. */
export function WallsEditor({
  walls,
  onChange,
  backgrounds,
  errors,
}: {
  walls: WallDraft[];
  onChange: (walls: WallDraft[]) => void;
  /** the team's library of text-wall backgrounds (ready ones) */
  backgrounds: TextWallBackgroundVideo[];
  /** field errors keyed as the API's without `config.` (`walls.0.text`) */
  errors: Record<string, string>;
}) {
  // a wall just added: its text gets the focus (typing on would press "Add a wall" again)
  const added = useRef<string | null>(null);
  useEffect(() => {
    if (!added.current || !walls.some((w) => w.key === added.current)) return;
    document.getElementById(`wall-${added.current}-text`)?.focus();
    added.current = null;
  }, [walls]);
  const add = () => {
    const wall = newWall('', Number.isFinite(walls.at(-1)?.seconds) ? walls.at(-1)!.seconds : undefined);
    added.current = wall.key;
    onChange([...walls, wall]);
  };
  const set = (i: number, patch: Partial<WallDraft>) => onChange(walls.map((w, j) => (j === i ? { ...w, ...patch } : w)));
  const move = (i: number, by: -1 | 1) => {
    const next = [...walls];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    onChange(next);
  };
  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-1 text-sm font-medium">
        Walls <span className="font-normal text-muted-foreground">({walls.length} of at most {MAX_WALLS})</span>
      </legend>
      <ol className="grid gap-3">
        {walls.map((wall, i) => {
          const id = `wall-${wall.key}`;
          const textError = errors[`walls.${i}.text`];
          const secondsError = errors[`walls.${i}.durationInSeconds`];
          const bgError = errors[`walls.${i}.background_video_id`] ?? errors[`walls.${i}.background`];
          return (
            <li key={wall.key} className="grid min-w-0 gap-2 rounded-md border p-3" aria-label={`Wall ${i + 1}`}>
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor={`${id}-text`}>Wall {i + 1} text</Label>
                <div className="flex shrink-0 gap-1">
                  <Button type="button" variant="ghost" size="icon" className="size-8" onClick={() => move(i, -1)} disabled={i === 0} aria-label={`Move wall ${i + 1} up`}>
                    <ArrowUp aria-hidden />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-8" onClick={() => move(i, 1)} disabled={i === walls.length - 1} aria-label={`Move wall ${i + 1} down`}>
                    <ArrowDown aria-hidden />
                  </Button>
                  <Button type="button" variant="ghost" size="icon" className="size-8" onClick={() => onChange(walls.filter((_, j) => j !== i))} disabled={walls.length <= MIN_WALLS} aria-label={`Remove wall ${i + 1}`}>
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </div>
              <textarea
                id={`${id}-text`}
                dir="auto"
                rows={2}
                value={wall.text}
                maxLength={MAX_WALL_CHARS}
                onChange={(e) => set(i, { text: e.target.value })}
                placeholder={i === 0 ? 'Before: 3 hours per ad 😩' : 'After: 50 ads before lunch 🚀'}
                aria-invalid={textError ? true : undefined}
                aria-describedby={textError ? `${id}-text-error` : undefined}
                className="min-h-16 w-full rounded-md border bg-transparent px-3 py-2 text-sm shadow-xs focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none aria-invalid:border-destructive"
              />
              <FieldMessage id={`${id}-text-error`} error={textError} />
              <div className="grid grid-cols-[6rem_minmax(0,1fr)] gap-2">
                <div className="grid gap-1">
                  <Label htmlFor={`${id}-seconds`} className="text-xs">
                    Seconds
                  </Label>
                  <Input
                    id={`${id}-seconds`}
                    type="number"
                    inputMode="decimal"
                    min={MIN_WALL_SECONDS}
                    max={MAX_WALL_SECONDS}
                    step={0.5}
                    value={Number.isFinite(wall.seconds) ? wall.seconds : ''}
                    onChange={(e) => set(i, { seconds: e.target.value === '' ? Number.NaN : Number(e.target.value) })}
                    aria-invalid={secondsError ? true : undefined}
                    aria-describedby={secondsError ? `${id}-seconds-error` : undefined}
                  />
                </div>
                <div className="grid min-w-0 gap-1">
                  <Label htmlFor={`${id}-bg`} className="text-xs">
                    Background
                  </Label>
                  <Select value={wall.backgroundId ?? NONE} onValueChange={(v) => set(i, { backgroundId: v === NONE ? null : v })}>
                    <SelectTrigger id={`${id}-bg`} className={TRIGGER} aria-invalid={bgError ? true : undefined} aria-describedby={bgError ? `${id}-bg-error` : undefined}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value={NONE}>Brand gradient</SelectItem>
                      {backgrounds.map((bg) => (
                        <SelectItem key={bg.id} value={bg.id}>
                          {bg.name}
                          {bg.is_builtin ? '' : ' · yours'}
                        </SelectItem>
                      ))}
                      {wall.backgroundId && !backgrounds.some((bg) => bg.id === wall.backgroundId) && <SelectItem value={wall.backgroundId}>A background not in the library</SelectItem>}
                    </SelectContent>
                  </Select>
                </div>
              </div>
              <FieldMessage id={`${id}-seconds-error`} error={secondsError} />
              <FieldMessage id={`${id}-bg-error`} error={bgError} />
            </li>
          );
        })}
      </ol>
      <FieldMessage id="walls-error" error={errors.walls} />
      <Button type="button" variant="outline" className="justify-self-start" onClick={add} disabled={walls.length >= MAX_WALLS}>
        <Plus aria-hidden /> Add a wall
      </Button>
    </fieldset>
  );
}
