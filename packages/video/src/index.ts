export * from './schemas.ts';
export { compositions, getComposition, type CompositionEntry } from './registry.tsx';
export { TextWall } from './compositions/text-wall.tsx';
export { HookProductDemo } from './compositions/hook-product-demo.tsx';
export { MultiTextWall } from './compositions/multi-text-wall.tsx';
export { planLayers, type LayerPlan, type ClipSegment, type ColorSegment } from './layers.ts';
export * from './render-request.ts';
