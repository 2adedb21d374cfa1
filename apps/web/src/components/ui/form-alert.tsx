import type { ReactNode } from 'react';

/** A form's error that is not one field's (the server refused, the network failed): read out at once. */
export function FormAlert({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive">
      {children}
    </p>
  );
}
