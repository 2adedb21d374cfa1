import { Captions, Download } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { AdCode } from './ad-code';
import { captionsName, downloadName, type VideoItem } from './video-items';

/** Plays a finished video in a modal, with its download (and a voiced video's captions, for platforms that take a caption file at upload). */
export function VideoPlayerDialog({ item, onClose }: { item: VideoItem | null; onClose: () => void }) {
  return (
    <Dialog open={!!item} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <DialogHeader>
          <DialogTitle className="line-clamp-2">{item?.title}</DialogTitle>
          <DialogDescription>{item?.subtitle}</DialogDescription>
        </DialogHeader>
        {item ? (
          <p className="flex flex-wrap items-center gap-x-1 text-xs text-muted-foreground">
            {/* the colon stays with the code when the sentence wraps */}
            <span className="inline-flex items-center gap-1 whitespace-nowrap">
              Ad code <AdCode code={item.adCode} />:
            </span>
            <span>put it in the ad’s name in Meta, TikTok or Google, and imported results find this video.</span>
          </p>
        ) : null}
        {item?.outputUrl ? (
          <div className="flex flex-col items-center gap-3">
            <video
              key={item.id}
              data-testid="video-player"
              src={item.outputUrl}
              poster={item.thumbnailUrl ?? undefined}
              controls
              autoPlay
              playsInline
              className="max-h-[70vh] w-auto max-w-full rounded-md bg-black"
            />
            <div className="flex flex-wrap justify-center gap-2">
              <Button asChild variant="outline">
                <a href={item.outputUrl} download={downloadName(item)}>
                  <Download aria-hidden /> Download MP4
                </a>
              </Button>
              {item.captionsUrl ? (
                <Button asChild variant="outline">
                  <a href={item.captionsUrl} download={captionsName(item)}>
                    <Captions aria-hidden /> Download captions (.vtt)
                  </a>
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
