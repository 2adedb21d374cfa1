import { AlertCircle, AudioLines, Captions, Loader2, Play, Tag, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { BrandVideo } from '@/api/api';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { absoluteMediaUrl, cn } from '@/lib/utils';
import { formatDuration, kindLabel } from './clip-format';
import type { TranscriptionState } from './use-transcriptions';

/** React sets `muted` as a property only; autoplay policies want it set before play() (Safari). */
function startMuted(video: HTMLVideoElement | null) {
  if (!video) return;
  video.muted = true;
  video.play()?.catch(() => {
    // autoplay refused: the poster stays, a click plays it
  });
}

/** A vertical preview: the thumbnail, or the clip itself while playing, kept at its aspect ratio in a phone-shaped frame. */
export function PhoneFrame({ thumbnailUrl, videoUrl, isPlaying, label, children }: { thumbnailUrl?: string; videoUrl?: string; isPlaying: boolean; label: string; children?: React.ReactNode }) {
  return (
    <div className="relative aspect-[9/16] w-full overflow-hidden rounded-[1.4rem] border-[5px] border-neutral-900 bg-neutral-900 shadow-sm">
      <span aria-hidden className="absolute top-1.5 left-1/2 z-10 h-1 w-8 -translate-x-1/2 rounded-full bg-neutral-700" />
      {thumbnailUrl ? (
        <img src={thumbnailUrl} alt={label} loading="lazy" className="absolute inset-0 size-full object-contain" />
      ) : (
        <span className="sr-only">{label}</span>
      )}
      {isPlaying && videoUrl && (
        <video
          ref={startMuted}
          src={videoUrl}
          poster={thumbnailUrl}
          autoPlay
          muted
          loop
          playsInline
          aria-label={`${label} (playing)`}
          className="absolute inset-0 size-full bg-neutral-900 object-contain"
        />
      )}
      {children}
    </div>
  );
}

export function ClipCard({
  video,
  isSelected,
  onSelectedChange,
  onEditTags,
  onDelete,
  uploadPercent,
  transcription,
}: {
  video: BrandVideo;
  /** its transcript: the state of a transcription this page started, whether the server can transcribe, and what opens the transcript */
  transcription?: { state?: TranscriptionState; canTranscribe: boolean; onOpen: () => void };
  /** set while this page is uploading the clip's file */
  uploadPercent?: number;
  isSelected: boolean;
  onSelectedChange: (selected: boolean) => void;
  onEditTags: () => void;
  onDelete: () => void;
}) {
  const [isHovering, setIsHovering] = useState(false);
  const [isClickPlaying, setIsClickPlaying] = useState(false);
  // a click that pauses a hover preview keeps it paused until the pointer leaves
  const [isHoverPaused, setIsHoverPaused] = useState(false);
  const isReady = video.status === 'ready';
  const isPlaying = isReady && (isClickPlaying || (isHovering && !isHoverPaused));
  // a click (or tap) pins playback; a second one pauses, even under the pointer
  const togglePlay = () => {
    if (isClickPlaying) {
      setIsClickPlaying(false);
      setIsHoverPaused(true);
    } else {
      setIsClickPlaying(true);
      setIsHoverPaused(false);
    }
  };
  const duration = formatDuration(video.duration);
  const isTranscribing = transcription?.state?.status === 'running';
  const hasTranscript = Boolean(video.transcript) || transcription?.state?.status === 'done';
  const transcriptAction = isReady && transcription && (hasTranscript || isTranscribing || transcription.canTranscribe);

  return (
    <li aria-label={video.title} className={cn('group grid content-start gap-2 rounded-lg p-1.5 transition-colors', isSelected && 'bg-primary/10 ring-2 ring-primary')}>
      <div
        className="relative"
        // hover previews are for mice: a tap on a phone emulates hover before its click
        onPointerEnter={(e) => e.pointerType === 'mouse' && setIsHovering(true)}
        onPointerLeave={() => {
          setIsHovering(false);
          setIsHoverPaused(false);
        }}
      >
        <PhoneFrame thumbnailUrl={absoluteMediaUrl(video.thumbnail_url)} videoUrl={absoluteMediaUrl(video.url)} isPlaying={isPlaying} label={video.title}>
          {isReady ? (
            <button
              type="button"
              aria-label={isClickPlaying ? `Pause ${video.title}` : `Play ${video.title}`}
              aria-pressed={isClickPlaying}
              onClick={togglePlay}
              className="absolute inset-0 z-10 flex cursor-pointer items-center justify-center focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
            >
              {!isPlaying && (
                <span className="flex size-10 items-center justify-center rounded-full bg-black/45 text-white opacity-0 transition-opacity group-hover:opacity-100 group-focus-within:opacity-100">
                  <Play className="size-5 fill-current" aria-hidden />
                </span>
              )}
            </button>
          ) : (
            <div className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-2 p-3 text-center text-xs text-white">
              {video.status === 'failed' ? (
                <>
                  <AlertCircle className="size-5 text-red-300" aria-hidden />
                  <span>{video.error ?? 'This upload failed.'}</span>
                </>
              ) : (
                <>
                  <Loader2 className="size-5 animate-spin" aria-hidden />
                  <span>{video.status === 'processing' ? 'Processing…' : uploadPercent !== undefined ? `Uploading ${uploadPercent}%` : 'Upload not finished'}</span>
                </>
              )}
            </div>
          )}
          {duration && (
            <span className="pointer-events-none absolute right-2 bottom-2 z-20 rounded bg-black/70 px-1.5 py-0.5 text-[11px] font-medium text-white tabular-nums" aria-label={`Duration ${duration}`}>
              {duration}
            </span>
          )}
        </PhoneFrame>
        <div className="absolute top-2.5 left-2.5 z-20 rounded-sm bg-background/90 p-0.5 shadow-sm">
          <Checkbox checked={isSelected} onCheckedChange={(checked) => onSelectedChange(checked === true)} aria-label={`Select ${video.title}`} className="block" />
        </div>
      </div>
      <div className="grid gap-1.5 px-0.5">
        <h3 className="line-clamp-2 text-sm leading-tight font-medium [overflow-wrap:anywhere]" title={video.title}>
          {video.title}
        </h3>
        <div className="flex items-start gap-1">
          <div className="flex min-w-0 flex-1 flex-wrap gap-1">
            <Badge variant={video.kind === 'hook' ? 'info' : video.kind === 'product_demo' ? 'success' : 'secondary'}>{kindLabel(video.kind)}</Badge>
            {hasTranscript && (
              <Badge variant="outline" className="gap-1 font-normal">
                <Captions className="size-3" aria-hidden /> Transcript
              </Badge>
            )}
            {video.tags.map((tag) => (
              <Badge key={tag} variant="outline" className="max-w-full truncate font-normal">
                #{tag}
              </Badge>
            ))}
          </div>
          <div className="-my-1 -mr-1 flex shrink-0">
            {transcriptAction && (
              <Button
                variant="ghost"
                size="icon"
                className="size-7"
                aria-label={isTranscribing ? `Transcribing ${video.title}` : hasTranscript ? `Transcript of ${video.title}` : `Transcribe ${video.title}`}
                title={isTranscribing ? 'Transcribing…' : hasTranscript ? 'Transcript' : 'Transcribe its speech (1 credit)'}
                onClick={transcription.onOpen}
              >
                {isTranscribing ? <Loader2 className="size-3.5 animate-spin" aria-hidden /> : hasTranscript ? <Captions className="size-3.5" aria-hidden /> : <AudioLines className="size-3.5" aria-hidden />}
              </Button>
            )}
            <Button variant="ghost" size="icon" className="size-7" aria-label={`Edit tags of ${video.title}`} onClick={onEditTags}>
              <Tag className="size-3.5" aria-hidden />
            </Button>
            <Button variant="ghost" size="icon" className="size-7 text-muted-foreground hover:text-destructive" aria-label={`Delete ${video.title}`} onClick={onDelete}>
              <Trash2 className="size-3.5" aria-hidden />
            </Button>
          </div>
        </div>
      </div>
    </li>
  );
}
