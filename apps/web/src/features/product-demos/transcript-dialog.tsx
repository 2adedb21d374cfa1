import { AudioLines, Loader2, RefreshCw } from 'lucide-react';
import type { BrandVideo, BrandVideoTranscript } from '@/api/api';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { TranscriptionState } from './use-transcriptions';

/** 0:01.2, 1:05.0: a word's time in the clip */
export function formatWordTime(seconds: number): string {
  const tenths = Math.max(0, Math.round(seconds * 10));
  const m = Math.floor(tenths / 600);
  const s = ((tenths % 600) / 10).toFixed(1).padStart(4, '0');
  return `${m}:${s}`;
}

/** "English" for the service's "english" or "en"; null when it named none. */
export function languageName(language: string | null): string | null {
  if (!language) return null;
  if (/^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(language)) {
    try {
      const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(language);
      if (name && name.toLowerCase() !== language.toLowerCase()) return name;
    } catch {
      // not a code the browser knows: shown as the service wrote it
    }
  }
  return language.charAt(0).toUpperCase() + language.slice(1);
}

function TranscriptWords({ title, transcript }: { title: string; transcript: Pick<BrandVideoTranscript, 'language' | 'words'> }) {
  const { words } = transcript;
  if (words.length === 0) return <p className="rounded-md border border-dashed p-4 text-center text-sm text-muted-foreground">No words were heard in this clip.</p>;
  const language = languageName(transcript.language);
  return (
    <div className="grid gap-2">
      <p className="text-xs text-muted-foreground">
        {[language, `${words.length} ${words.length === 1 ? 'word' : 'words'}`, `${formatWordTime(words[0]!.start)}–${formatWordTime(words.at(-1)!.end)}`].filter(Boolean).join(' · ')}
      </p>
      <ol aria-label={`Words of ${title}`} className="flex max-h-72 flex-wrap content-start gap-1.5 overflow-y-auto rounded-md border bg-muted/30 p-2">
        {words.map((word, i) => (
          <li key={i} className="flex items-baseline gap-1 rounded bg-background px-1.5 py-0.5 text-sm shadow-xs" title={`${formatWordTime(word.start)} to ${formatWordTime(word.end)}`}>
            <span dir="auto" className="[overflow-wrap:anywhere]">
              {word.text}
            </span>
            <span className="text-[10px] text-muted-foreground tabular-nums">{formatWordTime(word.start)}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

/**
 * A clip's transcript (open while `video` is set): the words with their times, or the transcription
 * under way, or why it failed. "Transcribe again" (and "Try again") only where transcription is set
 * up on the server (`canTranscribe`); each costs a credit.
 */
export function TranscriptDialog({
  video,
  state,
  canTranscribe,
  onTranscribe,
  onClose,
}: {
  video: BrandVideo | null;
  state: TranscriptionState | undefined;
  canTranscribe: boolean;
  onTranscribe: (force: boolean) => void;
  onClose: () => void;
}) {
  const isRunning = state?.status === 'running';
  const transcript = state?.status === 'done' ? state.result : video?.transcript ?? null;
  return (
    <Dialog open={video !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Transcript</DialogTitle>
          <DialogDescription>What “{video?.title}” says, word by word, timed from the start of the clip. Composites can caption these words.</DialogDescription>
        </DialogHeader>
        {video && (
          <div className="grid gap-3">
            {isRunning && (
              <div role="status" className="grid gap-2 rounded-md border p-3">
                <p className="flex items-center gap-2 text-sm font-medium">
                  <Loader2 className="size-4 animate-spin" aria-hidden /> Transcribing the sound of this clip…
                </p>
                <div role="progressbar" aria-label={`Transcribing ${video.title}`} aria-busy="true" className="h-1.5 w-full overflow-hidden rounded-full bg-muted">
                  <div className="h-full w-1/3 animate-pulse rounded-full bg-primary" />
                </div>
                <p className="text-xs text-muted-foreground">This takes a few seconds. You can close this window: the transcript is kept on the clip.</p>
              </div>
            )}
            {state?.status === 'failed' && (
              <div role="alert" className="grid gap-2 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
                <p>
                  <span className="font-medium">The clip could not be transcribed.</span> {state.message}
                </p>
                {canTranscribe && (
                  <Button variant="outline" size="sm" className="justify-self-start" onClick={() => onTranscribe(Boolean(transcript))}>
                    <RefreshCw aria-hidden /> Try again
                  </Button>
                )}
              </div>
            )}
            {transcript && !isRunning && <TranscriptWords title={video.title} transcript={transcript} />}
            {!transcript && !isRunning && state?.status !== 'failed' && (
              <p className="text-sm text-muted-foreground">
                {canTranscribe ? 'This clip has not been transcribed yet. Its sound (the first 5 minutes) is sent to the speech service; it uses 1 credit.' : 'This clip has not been transcribed, and transcription is not set up on this server.'}
              </p>
            )}
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Done
          </Button>
          {canTranscribe && !isRunning && state?.status !== 'failed' && (
            <Button onClick={() => onTranscribe(Boolean(transcript))} title="Uses 1 credit">
              <AudioLines aria-hidden /> {transcript ? 'Transcribe again' : 'Transcribe'}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
