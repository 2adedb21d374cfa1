/**
 * What the text-wall tests share: a step rendered over the real reducer (so a test drives it as the
 * builder does and reads the state it leaves), and the API's records the builder shows.
 */
import { STYLE_PRESETS } from '@hookwall/video/schemas';
import { useReducer, type ReactNode } from 'react';
import { vi } from 'vitest';
import type { BrandVideo, TextWallBackgroundVideo, TextWallVideo, Voice } from '@/api/api';
import { builderReducer, initialBuilderState, type BuilderDispatch, type BuilderState } from './builder-state';

/** Renders `children` with the builder's state, and that state as JSON in an `output` named "Builder state". */
export function StepHarness({ initial, children }: { initial?: Partial<BuilderState>; children: (state: BuilderState, dispatch: BuilderDispatch) => ReactNode }) {
  const [state, dispatch] = useReducer(builderReducer, { ...initialBuilderState(), ...initial });
  return (
    <>
      {children(state, dispatch)}
      <output aria-label="Builder state" hidden>
        {JSON.stringify(state)}
      </output>
    </>
  );
}

/** The state the harness shows: `readState(screen.getByLabelText('Builder state'))`. */
export function readState(output: HTMLElement): BuilderState {
  return JSON.parse(output.textContent ?? '{}') as BuilderState;
}

export function makeBackground(id: string, name: string, overrides: Partial<TextWallBackgroundVideo> = {}): TextWallBackgroundVideo {
  return {
    id,
    name,
    filename: `${name}.mp4`,
    content_type: 'video/mp4',
    size: 1000,
    status: 'ready',
    error: null,
    is_builtin: true,
    source_brand_video_id: null,
    duration: 8,
    width: 1080,
    height: 1920,
    fps: 30,
    codec: 'h264',
    // no file: the Remotion player cannot play a video in jsdom, and the preview then shows the text alone
    url: null,
    thumbnail_url: null,
    created_by: 'Olivia',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** One of the team's clips (a brand video), ready; 1920x1080 unless `overrides` says otherwise. */
export function makeClip(id: string, title: string, overrides: Partial<BrandVideo> = {}): BrandVideo {
  return {
    id,
    title,
    filename: `${title}.mp4`,
    content_type: 'video/mp4',
    size: 2000,
    kind: 'product_demo',
    tags: [],
    status: 'ready',
    error: null,
    duration: 6,
    width: 1920,
    height: 1080,
    fps: 30,
    codec: 'h264',
    url: null,
    thumbnail_url: `https://cdn.example/${id}.jpg`,
    created_by: 'Olivia',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    transcript: null,
    ...overrides,
  };
}

export function makeTextWall(id: string, overrides: Partial<TextWallVideo> = {}): TextWallVideo {
  return {
    id,
    text: 'Stop buying plastic bottles',
    background_video_id: null,
    background_name: null,
    voice: null,
    captions: null,
    brand_kit_id: null,
    end_card: null,
    music: null,
    context_id: null,
    style: STYLE_PRESETS.bold.style,
    duration_seconds: 10,
    aspect: '9:16',
    ad_code: `HW-${id.toUpperCase().replace(/[^A-Z0-9]/g, '').padEnd(6, 'A').slice(0, 6)}`,
    bulk_job_id: null,
    render_job_id: null,
    status: 'completed',
    progress: 100,
    output_url: null,
    thumbnail_url: null,
    captions_url: null,
    error: null,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

/** A voice of `GET /api/voices/`: offline unless `overrides` says otherwise, its sample at the API's path. */
export function makeVoice(id: string, name: string, language: string, overrides: Partial<Voice> = {}): Voice {
  return { id, name, language, provider: 'offline', sample_url: `/api/voices/${encodeURIComponent(id)}/sample/`, ...overrides };
}

/** The voices the builder's tests list: two French ones and an English one. */
export const VOICES: Voice[] = [makeVoice('espeak:fr', 'Amélie', 'fr-FR', { gender: 'female' }), makeVoice('espeak:fr-be', 'Lucas', 'fr-BE', { gender: 'male' }), makeVoice('espeak:en-us', 'Ava', 'en-US', { gender: 'female' })];

/**
 * For tests whose preview plays a voice. jsdom has no media playback, so the elements' play, pause
 * and load (the browser's) are stood in for; and Remotion registers its media in a Studio timeline
 * when `window.process.env.NODE_ENV` is 'test', a context the Player does not provide (a browser has
 * no `window.process`, so the app never meets it). Call in a `beforeEach`, and `vi.restoreAllMocks()`
 * with `vi.unstubAllEnvs()` after. Returns the stand-in of `play`.
 */
export function mediaForVoicedPreview() {
  vi.stubEnv('NODE_ENV', 'development');
  const play = vi.fn(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  return play;
}
