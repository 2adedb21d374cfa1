import type { GenerateTextsRequest } from '@/api/api';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';

type Tone = NonNullable<GenerateTextsRequest['tone']>;
type Language = NonNullable<GenerateTextsRequest['language']>;
type Formula = Extract<NonNullable<GenerateTextsRequest['formula']>, string>;

const ANY = 'any';

export const TONE_LABELS: Record<Tone, string> = { playful: 'Playful', premium: 'Premium', urgent: 'Urgent', educational: 'Educational' };
export const FORMULA_LABELS: Record<Formula, string> = {
  question: 'Question',
  pov: 'POV',
  number: 'Number or stat',
  objection: 'Objection answered',
  before_after: 'Before / after',
  list: 'List of three',
  curiosity: 'Curiosity gap',
  challenge: 'Challenge',
  comparison: 'Comparison',
};
export const LANGUAGE_LABELS: Record<Language, string> = { en: 'English', fr: 'Français', es: 'Español', de: 'Deutsch', pt: 'Português', it: 'Italiano' };

export interface CopyOptions {
  tone: Tone | typeof ANY;
  formula: Formula | typeof ANY;
  language: Language | typeof ANY;
}
export const ANY_COPY: CopyOptions = { tone: ANY, formula: ANY, language: ANY };

/** The request fields for the choices made ("any" sends nothing: the copywriter mixes, or detects). */
export function copyOptionsRequest(options: CopyOptions): Pick<GenerateTextsRequest, 'tone' | 'formula' | 'language'> {
  return {
    ...(options.tone !== ANY ? { tone: options.tone } : {}),
    ...(options.formula !== ANY ? { formula: options.formula } : {}),
    ...(options.language !== ANY ? { language: options.language } : {}),
  };
}

function Choice<T extends string>({ id, label, value, onChange, any, labels }: { id: string; label: string; value: T | typeof ANY; onChange: (v: T | typeof ANY) => void; any: string; labels: Record<T, string> }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={(v) => onChange(v as T | typeof ANY)}>
        <SelectTrigger id={id} className="w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ANY}>{any}</SelectItem>
          {(Object.keys(labels) as T[]).map((key) => (
            <SelectItem key={key} value={key}>
              {labels[key]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Tone, hook formula and language for "Generate texts". */
export function CopyOptionsFields({ value, onChange }: { value: CopyOptions; onChange: (value: CopyOptions) => void }) {
  return (
    <>
      <Choice id="copy-tone" label="Tone" value={value.tone} onChange={(tone) => onChange({ ...value, tone })} any="Any tone" labels={TONE_LABELS} />
      <Choice id="copy-formula" label="Formula" value={value.formula} onChange={(formula) => onChange({ ...value, formula })} any="All formulas" labels={FORMULA_LABELS} />
      <Choice id="copy-language" label="Language" value={value.language} onChange={(language) => onChange({ ...value, language })} any="As the product" labels={LANGUAGE_LABELS} />
    </>
  );
}
