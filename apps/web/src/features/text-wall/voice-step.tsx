import { Loader2, Play, Square } from 'lucide-react';
import { useRef, useState } from 'react';
import { Label } from '@/components/ui/label';
import { LoadError } from '@/components/load-error';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { MusicPicker } from '@/features/music';
import { CAPTION_STYLE_LABELS } from './caption-style';
import { SPEED_MAX, SPEED_MIN, type BuilderDispatch, type BuilderState } from './builder-state';
import type { Voice } from './voices-api';

const languageNames = new Intl.DisplayNames(['en'], { type: 'language' });

/** "French (France)" for 'fr-FR'; the tag itself when the browser does not know it. */
export function languageLabel(tag: string): string {
  try {
    return languageNames.of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/** The filter's value of a voice: its primary language subtag ('fr' of 'fr-FR'). */
export function primaryLanguage(tag: string): string {
  return tag.split('-')[0]!.toLowerCase();
}

/** The languages of the voices, once each, by name. */
function languagesOf(voices: Voice[]): { value: string; label: string }[] {
  const values = [...new Set(voices.map((v) => primaryLanguage(v.language)))];
  return values.map((value) => ({ value, label: languageLabel(value) })).sort((a, b) => a.label.localeCompare(b.label));
}

const speedLabel = (speed: number) => `${speed.toFixed(1)}×`;

/**
 * Step 4: who reads the texts. "No voice" (silent videos) or one of the voices, filtered by
 * language; each voice's sample plays here (one at a time), and the voice's speed. The captions'
 * style is chosen beside the text style, in the Style step.
 */
export function VoiceStep({
  state,
  dispatch,
  voices,
  isLoading,
  error,
  onRetry,
  errors,
}: {
  state: Pick<BuilderState, 'voiceId' | 'voiceLanguage' | 'speed' | 'captionStyle' | 'musicTrackId' | 'musicVolume'>;
  dispatch: BuilderDispatch;
  voices: Voice[];
  isLoading: boolean;
  error: unknown;
  onRetry: () => void;
  /** the API's field errors of the last Create: `voice` (the voice), `speed` and `music` */
  errors: { voice?: string; speed?: string; music?: string };
}) {
  const { voiceId, voiceLanguage, speed } = state;
  const languages = languagesOf(voices);
  const shown = voiceLanguage ? voices.filter((v) => primaryLanguage(v.language) === voiceLanguage) : voices;
  const chosen = voices.find((v) => v.id === voiceId);
  const audio = useRef<HTMLAudioElement>(null);
  const sample = useSamplePlayer(audio);

  return (
    <section className="grid gap-5" aria-labelledby="step-voice">
      <div className="grid gap-1">
        <h2 id="step-voice" className="text-lg font-semibold">
          Voice
        </h2>
        <p className="text-sm text-muted-foreground">A voice reads each video&apos;s text, and the words follow it as captions.</p>
      </div>
      {isLoading ? (
        <div className="grid gap-2" aria-label="Loading voices">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : error ? (
        <LoadError what="the voices" error={error} onRetry={onRetry} />
      ) : (
        <>
          <div className="grid gap-1.5 sm:max-w-xs">
            <Label htmlFor="voice-language">Language</Label>
            <Select value={voiceLanguage || 'all'} onValueChange={(v) => dispatch({ type: 'set', patch: { voiceLanguage: v === 'all' ? '' : v } })}>
              <SelectTrigger id="voice-language">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value="all">All languages</SelectItem>
                {languages.map((l) => (
                  <SelectItem key={l.value} value={l.value}>
                    {l.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <fieldset aria-describedby={errors.voice ? 'voice-error' : undefined} className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Voice</legend>
            <VoiceRow id={null} checked={voiceId === null} title="No voice" detail="Silent videos: the text shows with its entrance." dispatch={dispatch} />
            <ul className="grid max-h-[26rem] gap-2 overflow-y-auto pr-1" aria-label="Voices">
              {shown.map((voice) => (
                <li key={voice.id}>
                  <VoiceRow
                    id={voice.id}
                    checked={voiceId === voice.id}
                    title={voice.name}
                    detail={[languageLabel(voice.language), voice.gender === 'female' ? 'Female' : voice.gender === 'male' ? 'Male' : null, voice.provider === 'offline' ? 'Offline' : 'Speech service, 1 credit a new text'].filter(Boolean).join(' · ')}
                    dispatch={dispatch}
                  >
                    <SampleButton voice={voice} sample={sample} />
                  </VoiceRow>
                </li>
              ))}
            </ul>
            {shown.length === 0 && <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">No voice speaks this language yet. Choose another language.</p>}
            {chosen && !shown.includes(chosen) && (
              <p className="text-sm text-muted-foreground">
                Chosen: {chosen.name} ({languageLabel(chosen.language)})
              </p>
            )}
            {errors.voice && (
              <p id="voice-error" role="alert" className="text-sm text-destructive">
                {errors.voice}
              </p>
            )}
          </fieldset>
          {/* one element plays the samples: starting one stops the other */}
          <audio id="voice-sample" ref={audio} preload="none" onEnded={sample.stop} onError={sample.failed} hidden />
        </>
      )}
      {voiceId !== null && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="grid gap-1.5">
            <Label htmlFor="voice-speed">Speed ({speedLabel(speed)})</Label>
            <input
              id="voice-speed"
              type="range"
              min={SPEED_MIN}
              max={SPEED_MAX}
              step={0.1}
              value={speed}
              aria-valuetext={speedLabel(speed)}
              aria-invalid={errors.speed ? true : undefined}
              aria-describedby={errors.speed ? 'voice-speed-error' : undefined}
              onChange={(e) => dispatch({ type: 'set', patch: { speed: Math.round(Number(e.target.value) * 10) / 10 } })}
              className="accent-primary"
            />
            {errors.speed && (
              <p id="voice-speed-error" role="alert" className="text-sm text-destructive">
                {errors.speed}
              </p>
            )}
          </div>
          <p className="self-end text-sm text-muted-foreground">
            Captions: {CAPTION_STYLE_LABELS[state.captionStyle].label}. Choose their style beside the text style, in the next step.
          </p>
        </div>
      )}
      <MusicPicker
        idPrefix="wizard"
        className="border-t pt-5"
        value={state.musicTrackId ? { trackId: state.musicTrackId, volume: state.musicVolume } : null}
        onChange={(music) => dispatch({ type: 'set', patch: music ? { musicTrackId: music.trackId, musicVolume: music.volume } : { musicTrackId: null } })}
        error={errors.music}
      />
    </section>
  );
}

function VoiceRow({ id, checked, title, detail, dispatch, children }: { id: string | null; checked: boolean; title: string; detail: string; dispatch: BuilderDispatch; children?: React.ReactNode }) {
  const inputId = `voice-${id ?? 'none'}`;
  return (
    <div className={cn('flex items-center gap-3 rounded-md border px-3 py-2 transition', checked ? 'border-primary bg-primary/5' : 'hover:bg-accent')}>
      <input id={inputId} type="radio" name="wizard-voice" checked={checked} onChange={() => dispatch({ type: 'set', patch: { voiceId: id } })} className="size-4 accent-primary" />
      <label htmlFor={inputId} className="grid min-w-0 flex-1 cursor-pointer">
        <span className="truncate text-sm font-medium">{title}</span>
        <span className="truncate text-xs text-muted-foreground">{detail}</span>
      </label>
      {children}
    </div>
  );
}

type SamplePlayer = ReturnType<typeof useSamplePlayer>;

/** The samples' one audio element and which voice it plays (loading: asked for, not sounding yet). */
function useSamplePlayer(ref: React.RefObject<HTMLAudioElement | null>) {
  const [playing, setPlaying] = useState<{ id: string; loading: boolean } | null>(null);
  const stop = () => {
    ref.current?.pause();
    setPlaying(null);
  };
  const play = (voice: Voice) => {
    const audio = ref.current;
    if (!audio) return;
    audio.pause();
    audio.src = voice.sample_url;
    setPlaying({ id: voice.id, loading: true });
    audio.play().then(
      () => setPlaying((now) => (now?.id === voice.id ? { id: voice.id, loading: false } : now)),
      (e: unknown) => {
        // another sample started (or this one was stopped) before it sounded: nothing to say
        if (e instanceof DOMException && e.name === 'AbortError') return;
        setPlaying((now) => (now?.id === voice.id ? null : now));
        toast({ variant: 'destructive', title: 'Could not play the sample', description: `${voice.name}'s sample did not play. Try again in a moment.` });
      },
    );
  };
  const failed = () => {
    if (!playing) return;
    setPlaying(null);
    toast({ variant: 'destructive', title: 'Could not play the sample', description: 'The sample did not load. Try again in a moment.' });
  };
  return { playing, play, stop, failed };
}

function SampleButton({ voice, sample }: { voice: Voice; sample: SamplePlayer }) {
  const on = sample.playing?.id === voice.id;
  const Icon = on ? (sample.playing?.loading ? Loader2 : Square) : Play;
  return (
    <button
      type="button"
      onClick={() => (on ? sample.stop() : sample.play(voice))}
      aria-label={`${on ? 'Stop' : 'Play'} the sample of ${voice.name}`}
      title={on ? 'Stop the sample' : 'Play a sample'}
      className="inline-flex size-8 shrink-0 items-center justify-center rounded-full border bg-background transition hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
    >
      <Icon className={cn('size-4', on && sample.playing?.loading && 'animate-spin')} aria-hidden />
    </button>
  );
}
