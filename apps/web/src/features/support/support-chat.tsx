import { MessageCircle } from 'lucide-react';
import { webEnv } from '@/lib/env';

/**
 * The support chat, shown only when VITE_SUPPORT_CHAT_URL is configured: a button
 * that opens the team's chat in a new tab, so no third-party script runs inside the app (its CSP
 * allows only its own scripts).
 */
export const SUPPORT_CHAT_URL = webEnv.VITE_SUPPORT_CHAT_URL;

export function SupportChat({ url = SUPPORT_CHAT_URL }: { url?: string }) {
  if (!url) return null;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="fixed right-4 bottom-4 z-40 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground shadow-lg transition-transform hover:scale-105 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
    >
      <MessageCircle className="size-5" aria-hidden />
      <span className="sr-only">Chat with support</span>
    </a>
  );
}
