import { FlaskConical } from 'lucide-react';

export const TEST_MODE_TEXT = 'Test mode — no payment is taken';

/** Marks the local provider's pages so nobody takes them for a real payment (docs/billing.md). */
export function TestModeBanner() {
  return (
    <p className="flex items-center gap-2 rounded-md border border-info/30 bg-info/10 px-3 py-2 text-sm font-medium text-info">
      <FlaskConical className="size-4 shrink-0" aria-hidden />
      {TEST_MODE_TEXT}
    </p>
  );
}

/** A return address the local pages may send the browser to: this app's own origin only. */
export function sameOriginUrl(url: string | undefined | null, fallback = '/settings/subscription'): string {
  if (!url) return fallback;
  try {
    const parsed = new URL(url, window.location.origin);
    return parsed.origin === window.location.origin ? parsed.toString() : fallback;
  } catch {
    return fallback;
  }
}
