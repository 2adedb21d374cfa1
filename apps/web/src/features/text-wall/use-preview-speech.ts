import type { Speech } from '@hookwall/video/schemas';
import { useEffect, useState } from 'react';
import { describeError } from '@/api/errors';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { usePostApiVoicesSpeakMutation } from './voices-api';

/** How long the text must stay put before the preview asks for its voice (typing asks once). */
export const SPEAK_DEBOUNCE_MS = 400;
/** The answers kept for the texts previewed, so going back to a text is immediate. */
const KEPT = 30;

export type PreviewSpeech =
  | { status: 'off' }
  | { status: 'loading' }
  | { status: 'error'; message: string; retry: () => void }
  | { status: 'ready'; speech: Speech; durationSeconds: number };

type Answer = { speech: Speech; durationSeconds: number } | { error: string };

/**
 * The voice of the previewed text, from the same `POST /api/voices/speak/` the render uses (the
 * API keeps one speech asset per voice, speed and text, so the videos reuse it): asked once the
 * text has stopped changing, an answer for a text no longer previewed dropped.
 */
export function usePreviewSpeech(voiceId: string | null, speed: number, text: string | null): PreviewSpeech {
  const [speak] = usePostApiVoicesSpeakMutation();
  const key = voiceId && text ? JSON.stringify([voiceId, speed, text]) : null;
  const asked = useDebouncedValue(key, SPEAK_DEBOUNCE_MS);
  const [answers, setAnswers] = useState<Record<string, Answer>>({});
  const [attempt, setAttempt] = useState(0);
  const known = key ? answers[key] : undefined;

  useEffect(() => {
    if (!asked || known) return;
    const [voice_id, speedAsked, textAsked] = JSON.parse(asked) as [string, number, string];
    const request = speak({ speakRequest: { voice_id, text: textAsked, speed: speedAsked } });
    let current = true;
    const keep = (answer: Answer) =>
      setAnswers((before) => {
        const entries = Object.entries(before).filter(([k]) => k !== asked);
        return Object.fromEntries([...entries.slice(-(KEPT - 1)), [asked, answer]]);
      });
    request.unwrap().then(
      (r) => {
        if (current) keep({ speech: { audio: { url: r.audio_url, durationInSeconds: r.duration_seconds }, words: r.words }, durationSeconds: r.duration_seconds });
      },
      (e: unknown) => {
        // the text changed (or the step closed) while it was asked: that answer is no one's
        if (current) keep({ error: describeError(e, 'The voice could not be prepared. Please try again.') });
      },
    );
    return () => {
      current = false;
      request.abort();
    };
    // `known` is left out on purpose: an answer arriving must not ask again
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked, attempt, speak]);

  if (!key) return { status: 'off' };
  if (!known) return { status: 'loading' };
  if ('error' in known)
    return {
      status: 'error',
      message: known.error,
      retry: () => {
        setAnswers((before) => Object.fromEntries(Object.entries(before).filter(([k]) => k !== key)));
        setAttempt((n) => n + 1);
      },
    };
  return { status: 'ready', ...known };
}
