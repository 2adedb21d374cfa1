import { useCallback, useRef, useState } from 'react';
import { usePostApiBrandVideosByIdTranscribeMutation, type BrandVideoTranscription } from '@/api/api';
import { describeError } from '@/api/errors';

export type TranscriptionState = { status: 'running' } | { status: 'failed'; message: string } | { status: 'done'; result: BrandVideoTranscription };

/**
 * The clips this page is transcribing, by id: several at once, each once (a second click while one
 * runs changes nothing; the API would share the call anyway). A finished one keeps its answer until
 * the list, refetched, carries it; a failure keeps the API's reason.
 */
export function useTranscriptions() {
  const [transcribe] = usePostApiBrandVideosByIdTranscribeMutation();
  const [states, setStates] = useState<Record<string, TranscriptionState>>({});
  const running = useRef(new Set<string>());

  const start = useCallback(
    async (id: string, force: boolean) => {
      if (running.current.has(id)) return;
      running.current.add(id);
      setStates((prev) => ({ ...prev, [id]: { status: 'running' } }));
      try {
        const result = await transcribe({ id, body: force ? { force: true } : {} }).unwrap();
        setStates((prev) => ({ ...prev, [id]: { status: 'done', result } }));
      } catch (error) {
        setStates((prev) => ({ ...prev, [id]: { status: 'failed', message: describeError(error, 'The clip could not be transcribed. Please try again.') } }));
      } finally {
        running.current.delete(id);
      }
    },
    [transcribe],
  );

  return { states, start };
}
