import { Composition } from 'remotion';
import { compositions } from './registry.tsx';

/** The Remotion root the worker bundles: one <Composition> per entry, sized from its props. */
export function RemotionRoot() {
  return (
    <>
      {compositions.map((c) => (
        <Composition
          key={c.id}
          id={c.id}
          component={c.component as React.ComponentType<Record<string, unknown>>}
          defaultProps={c.defaultProps as Record<string, unknown>}
          schema={undefined}
          width={1080}
          height={1920}
          fps={30}
          durationInFrames={300}
          calculateMetadata={({ props }) => {
            const parsed = c.schema.parse(props);
            return { ...c.calculate(parsed), props: parsed as Record<string, unknown> };
          }}
        />
      ))}
    </>
  );
}
