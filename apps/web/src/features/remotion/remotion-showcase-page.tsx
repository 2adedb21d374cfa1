import { compositions } from '@hookwall/video';
import { Link } from '@tanstack/react-router';
import { CompositionPlayer } from '@/components/composition-player';
import { Button } from '@/components/ui/button';

/** Public: every composition playing its default props in the Player, so a visitor sees what the product makes. */
export function RemotionShowcasePage() {
  return (
    <main className="mx-auto grid max-w-6xl gap-8 px-4 py-10">
      <header className="grid gap-3 text-center">
        <h1 className="text-3xl font-semibold tracking-tight">What Hookwall makes</h1>
        <p className="mx-auto max-w-2xl text-muted-foreground">
          Vertical ads from a product description: text walls over looping clips, hook + product demo composites and multi text walls, rendered by the dozen.
        </p>
        <div className="flex justify-center gap-2">
          <Button asChild>
            <Link to="/signup">Start making videos</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/login">Log in</Link>
          </Button>
        </div>
      </header>
      <ul className="grid gap-8 md:grid-cols-3">
        {compositions.map((c) => (
          <li key={c.id} className="grid content-start gap-3">
            <CompositionPlayer compositionId={c.id} props={c.defaultProps as Record<string, unknown>} label={`${c.name} example`} className="mx-auto w-full max-w-[300px]" />
            <div className="grid gap-1 text-center">
              <h2 className="font-semibold">{c.name}</h2>
              <p className="text-sm text-muted-foreground">{c.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </main>
  );
}
