import { useMemo, useRef } from 'react';

/** A form's draft kept outside it: read when it opens, written as it changes, emptied (null) once saved. */
export interface KeptDraft<T> {
  read: () => T | null;
  write: (draft: T | null) => void;
}

/** A draft kept as long as the component that holds it lives (the Videos page, for its dialogs). */
export function useKeptDraft<T>(): KeptDraft<T> {
  const kept = useRef<T | null>(null);
  return useMemo(
    () => ({
      read: () => kept.current,
      write: (draft) => {
        kept.current = draft;
      },
    }),
    [],
  );
}
