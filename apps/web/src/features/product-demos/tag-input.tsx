import { X } from 'lucide-react';
import { useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Input } from '@/components/ui/input';
import { MAX_TAGS, normalizeTag } from './clip-format';

/** Tags as chips with a remove button, and a field that adds one on Enter or comma. */
export function TagInput({ value, onChange, label, suggestions = [], autoFocus }: { value: string[]; onChange: (tags: string[]) => void; label: string; suggestions?: string[]; autoFocus?: boolean }) {
  const [draft, setDraft] = useState('');
  const listId = `${label.replace(/\W+/g, '-').toLowerCase()}-suggestions`;
  const commit = (raw: string) => {
    const tags = raw.split(',').map(normalizeTag).filter(Boolean);
    const next = [...value];
    for (const tag of tags) if (!next.includes(tag) && next.length < MAX_TAGS) next.push(tag);
    if (next.length !== value.length) onChange(next);
    setDraft('');
  };
  return (
    <div className="grid gap-2">
      {value.length > 0 && (
        <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
          {value.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary" className="gap-1 pr-1">
                {tag}
                <button type="button" aria-label={`Remove tag ${tag}`} className="rounded-sm p-0.5 hover:bg-foreground/10 cursor-pointer" onClick={() => onChange(value.filter((t) => t !== tag))}>
                  <X className="size-3" aria-hidden />
                </button>
              </Badge>
            </li>
          ))}
        </ul>
      )}
      <Input
        aria-label={label}
        placeholder={value.length >= MAX_TAGS ? `At most ${MAX_TAGS} tags` : 'Type a tag and press Enter'}
        disabled={value.length >= MAX_TAGS}
        value={draft}
        maxLength={40}
        list={suggestions.length ? listId : undefined}
        autoFocus={autoFocus}
        onChange={(e) => {
          if (e.target.value.includes(',')) commit(e.target.value);
          else setDraft(e.target.value);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            if (draft.trim()) commit(draft);
          } else if (e.key === 'Backspace' && !draft && value.length > 0) {
            onChange(value.slice(0, -1));
          }
        }}
        onBlur={() => draft.trim() && commit(draft)}
      />
      {suggestions.length > 0 && (
        <datalist id={listId}>
          {suggestions.filter((s) => !value.includes(s)).map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
      )}
    </div>
  );
}
