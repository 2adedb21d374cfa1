import { Clapperboard } from 'lucide-react';
import type { ReactNode } from 'react';
import { PRODUCT_NAME, PRODUCT_PROMISE } from '@/lib/utils';

/** A centred card on a soft background with the product's one-line promise (docs/ui.md). */
export function AuthCard({ title, description, children, footer }: { title: string; description?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-gradient-to-b from-accent/70 via-background to-background px-4 py-10">
      <div className="mb-6 flex flex-col items-center gap-2 text-center">
        <div className="flex items-center gap-2">
          <span className="flex size-9 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Clapperboard className="size-5" aria-hidden />
          </span>
          <span className="text-xl font-semibold tracking-tight">{PRODUCT_NAME}</span>
        </div>
        <p className="max-w-xs text-sm text-muted-foreground">{PRODUCT_PROMISE}</p>
      </div>
      <section className="w-full max-w-sm rounded-xl border bg-card p-6 shadow-sm sm:p-8">
        <div className="mb-6 grid gap-1">
          <h1 className="text-xl font-semibold">{title}</h1>
          {description && <p className="text-sm text-muted-foreground">{description}</p>}
        </div>
        {children}
      </section>
      {footer && <div className="mt-6 text-sm text-muted-foreground">{footer}</div>}
    </main>
  );
}
