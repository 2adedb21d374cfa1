import type { TextWallBackgroundVideo } from '@/api/api';
import { Skeleton } from '@/components/ui/skeleton';
import { BackgroundTile } from './background-tile';
import type { BuilderDispatch } from './builder-state';

const GRID = 'grid grid-cols-3 gap-3 sm:grid-cols-4 md:grid-cols-6';

/** Step 3: the background clips, used in turn across the videos (none: the brand gradient). */
export function BackgroundsStep({
  backgrounds,
  isLoading,
  backgroundIds,
  dispatch,
}: {
  backgrounds: TextWallBackgroundVideo[];
  isLoading: boolean;
  backgroundIds: string[];
  dispatch: BuilderDispatch;
}) {
  return (
    <section className="grid gap-4" aria-labelledby="step-backgrounds">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="step-backgrounds" className="text-lg font-semibold">
          Backgrounds
        </h2>
        <p className="text-sm text-muted-foreground">{backgroundIds.length ? `${backgroundIds.length} chosen: used in turn` : 'None chosen: the brand gradient is used'}</p>
      </div>
      {isLoading ? (
        <div className={GRID}>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="aspect-[9/16] w-full" />
          ))}
        </div>
      ) : backgrounds.length === 0 ? (
        <p className="rounded-md border border-dashed p-6 text-center text-sm text-muted-foreground">The background library is still being prepared. Your videos can use the brand gradient meanwhile.</p>
      ) : (
        <div className={GRID}>
          {backgrounds.map((bg) => (
            <BackgroundTile key={bg.id} bg={bg} isSelected={backgroundIds.includes(bg.id)} onToggle={() => dispatch({ type: 'toggleBackground', id: bg.id })} />
          ))}
        </div>
      )}
    </section>
  );
}
