import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';

/**
 * A video's ad code (`HW-XXXXXX`) with a button that copies it: put it in the ad's name in Meta,
 * TikTok or Google, and imported results find the video (docs/ad-results.md).
 */
export function AdCode({ code, className }: { code: string; className?: string }) {
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setIsCopied(true);
      window.setTimeout(() => setIsCopied(false), 1500);
    } catch {
      toast({ variant: 'info', title: 'Copy the code by hand', description: `Your browser did not allow copying. The ad code is ${code}.` });
    }
  };
  return (
    <span className={cn('inline-flex items-center gap-0.5', className)}>
      <span className="font-mono text-xs tracking-wide text-muted-foreground" title="Ad code: put it in the ad’s name in your ads manager">
        {code}
      </span>
      <Button type="button" variant="ghost" size="icon" className="size-6" onClick={copy} aria-label={isCopied ? `Ad code ${code} copied` : `Copy the ad code ${code}`}>
        {isCopied ? <Check className="size-3" aria-hidden /> : <Copy className="size-3" aria-hidden />}
      </Button>
    </span>
  );
}
