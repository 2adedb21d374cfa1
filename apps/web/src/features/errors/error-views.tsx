import { Link, type ErrorComponentProps } from '@tanstack/react-router';
import { useState } from 'react';
import { Button } from '@/components/ui/button';

/** Generic fallback: 'Something went wrong!' with a Show Error / Hide Error toggle. */
export function ErrorView({ error, reset }: Partial<ErrorComponentProps>) {
  const [isShown, setIsShown] = useState(false);
  return (
    <div role="alert" className="mx-auto flex min-h-[50vh] max-w-lg flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong!</h1>
      <p className="text-sm text-muted-foreground">Try again, or reload the page. If it keeps happening, tell us what you were doing.</p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => setIsShown((v) => !v)}>
          {isShown ? 'Hide Error' : 'Show Error'}
        </Button>
        {reset && (
          <Button size="sm" onClick={reset}>
            Try again
          </Button>
        )}
      </div>
      {isShown && error != null && (
        <pre className="w-full overflow-auto rounded-md border bg-muted p-3 text-left text-xs">{error instanceof Error ? error.message : String(error)}</pre>
      )}
    </div>
  );
}

export function NotFoundView() {
  return (
    <div className="mx-auto flex min-h-[60vh] max-w-lg flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="text-sm font-semibold text-primary">404</p>
      <h1 className="text-2xl font-semibold">Not Found</h1>
      <p className="text-sm text-muted-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-2">
        <Link to="/">Go home</Link>
      </Button>
    </div>
  );
}

export function FullPageSpinner({ label = 'Loading…' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center" role="status" aria-live="polite">
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <span className="size-4 animate-spin rounded-full border-2 border-primary border-t-transparent" aria-hidden />
        {label}
      </div>
    </div>
  );
}
