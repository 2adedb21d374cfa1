import { useCallback, useEffect, useRef, useState } from 'react';

// a control marked invalid, or a group (the clip pickers) described by its error line
const IN_ERROR = '[aria-invalid="true"], fieldset[aria-describedby$="-error"]';

/** Moves the focus to the first field in error inside `container` and scrolls it into view (a group: its first control). */
export function focusFirstError(container: HTMLElement | null): boolean {
  const field = container?.querySelector<HTMLElement>(IN_ERROR);
  if (!field) return false;
  const target = field instanceof HTMLFieldSetElement ? (field.querySelector<HTMLElement>('input, textarea, select, button') ?? field) : field;
  // jsdom has no scrollIntoView
  target.scrollIntoView?.({ block: 'center' });
  target.focus({ preventScroll: true });
  return true;
}

/**
 * For a form whose save was refused: `ref` on the container of its fields, `request()` where the
 * errors are set; once they show, the first field in error gets the focus (a refused Create that
 * only shows errors out of view looks as if nothing happened).
 */
export function useFocusFirstError<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (tick) focusFirstError(ref.current);
  }, [tick]);
  return { ref, request: useCallback(() => setTick((t) => t + 1), []) };
}
