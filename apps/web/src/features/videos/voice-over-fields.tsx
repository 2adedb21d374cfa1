import { CAPTION_STYLES, type CaptionStyle } from '@hookwall/video/schemas';
import { MAX_VOICEOVER_CHARS } from '@hookwall/video/limits';
import { Loader2 } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { CAPTION_STYLE_LABELS, languageLabel, useGetApiVoicesQuery, type PreviewSpeech, type Voice } from '@/features/text-wall';

/** A composite's voice-over as the dialog holds it: none (voiceId null), or a voice reading the script. */
export interface VoiceOverDraft {
  voiceId: string | null;
  speed: number;
  script: string;
  start: 'demo' | 'hook';
  captions: CaptionStyle | null;
}

export const NO_VOICE_OVER: VoiceOverDraft = { voiceId: null, speed: 1, script: '', start: 'demo', captions: 'highlight' };

/** The batch call's voice-over fields, from the draft: captions also without a voice when a hook's own words are known. */
export function voiceOverRequest(draft: VoiceOverDraft, hooksSpeak = false) {
  const captions = draft.captions && (draft.voiceId || hooksSpeak) ? { captions: { style: draft.captions } } : {};
  if (!draft.voiceId) return captions;
  return { voice: { voice_id: draft.voiceId, speed: draft.speed, start: draft.start }, voiceover_texts: [draft.script], ...captions };
}

function CaptionsField({ draft, onChange, hint }: { draft: VoiceOverDraft; onChange: (patch: Partial<VoiceOverDraft>) => void; hint?: string }) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor="voice-over-captions">Captions</Label>
      <Select value={draft.captions ?? 'none'} onValueChange={(v) => onChange({ captions: v === 'none' ? null : (v as CaptionStyle) })}>
        <SelectTrigger id="voice-over-captions" aria-describedby={hint ? 'voice-over-captions-hint' : undefined}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="none">No captions</SelectItem>
          {CAPTION_STYLES.map((style) => (
            <SelectItem key={style} value={style}>
              {CAPTION_STYLE_LABELS[style].label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {hint && (
        <p id="voice-over-captions-hint" className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
    </div>
  );
}

/** The voices by language name, then by name: "French (France) · Female voice". */
function sortedVoices(voices: Voice[]): { voice: Voice; label: string }[] {
  return voices
    .map((voice) => ({ voice, language: languageLabel(voice.language) }))
    .sort((a, b) => a.language.localeCompare(b.language) || a.voice.name.localeCompare(b.voice.name))
    .map(({ voice, language }) => ({ voice, label: `${language} · ${voice.name}${voice.provider === 'remote' ? ' · 1 credit a new script' : ''}` }));
}

/**
 * A voice-over for hook + demo composites: a voice reading a script over the demo (or from the
 * hook's start, the hook's own sound lowered under it), its speed, and the captions its words get.
 */
export function VoiceOverFields({
  draft,
  onChange,
  errors,
  preview,
  hooksSpeak = false,
}: {
  draft: VoiceOverDraft;
  onChange: (patch: Partial<VoiceOverDraft>) => void;
  /** the API's field errors, by the draft's names */
  errors: Partial<Record<'voice' | 'script' | 'speed' | 'start', string>>;
  /** the previewed script's speech (the same the render will use) */
  preview: PreviewSpeech;
  /** a chosen hook has a transcript: its own words can be captioned, with or without a voice-over */
  hooksSpeak?: boolean;
}) {
  const voices = useGetApiVoicesQuery();
  const isOn = draft.voiceId !== null;
  return (
    <fieldset className="grid gap-3 rounded-md border p-3">
      <legend className="px-1 text-sm font-medium">Voice-over</legend>
      <div className="grid gap-1.5">
        <Label htmlFor="voice-over-voice">Voice</Label>
        <Select value={draft.voiceId ?? 'none'} onValueChange={(v) => onChange({ voiceId: v === 'none' ? null : v })} disabled={voices.isLoading}>
          <SelectTrigger id="voice-over-voice" aria-invalid={errors.voice ? true : undefined} aria-describedby={errors.voice ? 'voice-over-voice-error' : undefined}>
            <SelectValue placeholder={voices.isLoading ? 'Loading voices…' : 'No voice-over'} />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="none">No voice-over</SelectItem>
            {sortedVoices(voices.data?.results ?? []).map(({ voice, label }) => (
              <SelectItem key={voice.id} value={voice.id}>
                {label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
        {voices.isError && <p className="text-sm text-destructive">The voices could not be loaded. Close and open the dialog to try again.</p>}
        {errors.voice && (
          <p id="voice-over-voice-error" role="alert" className="text-sm text-destructive">
            {errors.voice}
          </p>
        )}
      </div>
      {!isOn && hooksSpeak && <CaptionsField draft={draft} onChange={onChange} hint="A chosen hook has a transcript: its own words are captioned as it speaks." />}
      {isOn && (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor="voice-over-script">Script (every video)</Label>
            <Textarea
              id="voice-over-script"
              value={draft.script}
              maxLength={MAX_VOICEOVER_CHARS}
              rows={3}
              placeholder="Meet the serum that works in a week. Try it today."
              aria-invalid={errors.script ? true : undefined}
              aria-describedby={errors.script ? 'voice-over-script-error' : 'voice-over-script-hint'}
              onChange={(e) => onChange({ script: e.target.value })}
            />
            {errors.script ? (
              <p id="voice-over-script-error" role="alert" className="text-sm text-destructive">
                {errors.script}
              </p>
            ) : (
              <p id="voice-over-script-hint" className="text-xs text-muted-foreground" aria-live="polite">
                {preview.status === 'loading' ? (
                  <span className="inline-flex items-center gap-1">
                    <Loader2 className="size-3 animate-spin" aria-hidden /> Preparing the voice…
                  </span>
                ) : preview.status === 'ready' ? (
                  `Read in ${preview.durationSeconds.toFixed(1)} s: the demo lasts at least that long. The preview plays it.`
                ) : preview.status === 'error' ? (
                  preview.message
                ) : (
                  `${draft.script.length}/${MAX_VOICEOVER_CHARS} characters`
                )}
              </p>
            )}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor="voice-over-speed">Speed ({draft.speed.toFixed(1)}×)</Label>
              <input
                id="voice-over-speed"
                type="range"
                min={0.5}
                max={2}
                step={0.1}
                value={draft.speed}
                aria-valuetext={`${draft.speed.toFixed(1)}×`}
                onChange={(e) => onChange({ speed: Math.round(Number(e.target.value) * 10) / 10 })}
                className="accent-primary"
              />
            </div>
            <CaptionsField draft={draft} onChange={onChange} />
          </div>
          <fieldset className="grid gap-1.5">
            <legend className="mb-1 text-sm font-medium">Starts</legend>
            {(
              [
                ['demo', 'With the demo', "The hook plays with its own sound; the voice reads over the demo, the demo's sound lowered under it."],
                ['hook', 'With the hook', "The voice reads from the first frame; the hook's own sound is lowered under it."],
              ] as const
            ).map(([value, label, detail]) => (
              <label key={value} className="flex cursor-pointer items-start gap-2 text-sm">
                <input type="radio" name="voice-over-start" value={value} checked={draft.start === value} onChange={() => onChange({ start: value })} className="mt-1 size-3.5 accent-primary" />
                <span>
                  <span className="font-medium">{label}</span>
                  <span className="block text-xs text-muted-foreground">{detail}</span>
                </span>
              </label>
            ))}
          </fieldset>
        </>
      )}
    </fieldset>
  );
}
