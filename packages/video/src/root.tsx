import type { ComponentType } from 'react';
import { Composition } from 'remotion';
import { LAYERED_COMPOSITIONS, OVERLAY_SUFFIX, RenderLayerContext } from './layers.ts';
import { compositions, type CompositionEntry } from './registry.tsx';
import { resolveComposition } from './schemas.ts';

/** The same component drawing only its overlay (no clips, transparent): the fast path's text layer. */
function overlayOf(component: ComponentType<Record<string, unknown>>): ComponentType<Record<string, unknown>> {
  return function Overlay(props) {
    const Component = component;
    return (
      <RenderLayerContext.Provider value="overlay">
        <Component {...props} />
      </RenderLayerContext.Provider>
    );
  };
}

function register(c: CompositionEntry, id: string, component: ComponentType<Record<string, unknown>>) {
  return (
    <Composition
      key={id}
      id={id}
      component={component}
      defaultProps={c.defaultProps as Record<string, unknown>}
      schema={undefined}
      width={1080}
      height={1920}
      fps={30}
      durationInFrames={300}
      calculateMetadata={({ props }) => {
        const resolved = resolveComposition(c, props);
        return { ...resolved, props: resolved.props as Record<string, unknown> };
      }}
    />
  );
}

/** The Remotion root the worker bundles: one <Composition> per entry, sized from its props, plus the overlay layers. */
export function RemotionRoot() {
  return (
    <>
      {compositions.map((c) => register(c, c.id, c.component as ComponentType<Record<string, unknown>>))}
      {compositions
        .filter((c) => (LAYERED_COMPOSITIONS as readonly string[]).includes(c.id))
        .map((c) => register(c, `${c.id}${OVERLAY_SUFFIX}`, overlayOf(c.component as ComponentType<Record<string, unknown>>)))}
    </>
  );
}
