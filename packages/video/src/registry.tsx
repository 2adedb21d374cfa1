import type { ComponentType } from 'react';
import { HookProductDemo } from './compositions/hook-product-demo.tsx';
import { MultiTextWall } from './compositions/multi-text-wall.tsx';
import { TextWall } from './compositions/text-wall.tsx';
import { hookProductDemoMeta, multiTextWallMeta, textWallMeta, type CompositionMeta } from './schemas.ts';
import './fonts.ts';

export interface CompositionEntry<P = unknown> extends CompositionMeta<P> {
  component: ComponentType<P>;
}

function entry<P>(meta: CompositionMeta<P>, component: ComponentType<P>): CompositionEntry<unknown> {
  return { ...meta, component } as unknown as CompositionEntry<unknown>;
}

/** Every composition the product makes: previewed by the Player, rendered by the worker. */
export const compositions: CompositionEntry[] = [
  entry(textWallMeta, TextWall),
  entry(hookProductDemoMeta, HookProductDemo),
  entry(multiTextWallMeta, MultiTextWall),
];

export function getComposition(id: string): CompositionEntry | undefined {
  return compositions.find((c) => c.id === id);
}
