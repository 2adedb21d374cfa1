import type { BrandKit, Context, CustomUser, MusicTrack, Team, VideoTemplate } from '@/api/api';

/** One page of a paginated list, as the API answers it. */
export function page<T>(results: T[], { count = results.length, next = null as string | null } = {}) {
  return { count, next, previous: null, results };
}

export function makeUser(overrides: Partial<CustomUser> = {}): CustomUser {
  return { id: 1, email: 'a@example.com', email_verified: true, first_name: 'A', last_name: '', avatar_url: null, get_display_name: 'A', is_staff: false, otp_enabled: false, date_joined: '2026-01-01T00:00:00Z', ...overrides };
}

export function makeTeam(overrides: Partial<Team> = {}): Team {
  return {
    id: 7,
    name: 'Acme Studio',
    slug: 'acme-studio',
    members: [],
    invitations: [],
    has_active_subscription: false,
    subscription: null,
    is_admin: true,
    role: 'admin',
    created_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

export function makeContext(id: number, name: string, content = 'Helps teams ship ads\nSecond line'): Context {
  return { id, name, type: 'product', content, created_by: 'Olivia', created_at: '2026-01-01T00:00:00Z', updated_at: new Date().toISOString() };
}

/** The answer of POST /api/auth/token/refresh/. */
export function refreshed(access: string, refresh: string) {
  return { access, refresh, access_expiration: '2026-01-01T01:00:00Z', refresh_expiration: '2026-01-08T00:00:00Z' };
}

/** A music track as `GET /api/music-tracks/` answers it. */
export function makeTrack(id: string, name: string, overrides: Partial<MusicTrack> = {}): MusicTrack {
  return { id, name, duration_seconds: 42, audio_url: `https://files.example/music/${id}.m4a`, size_bytes: 700_000, created_at: '2026-11-27T10:00:00Z', ...overrides };
}

/** A brand kit as `GET /api/brand-kits/` answers it: the API's defaults unless `overrides` says otherwise. */
export function makeBrandKit(id: string, name: string, overrides: Partial<BrandKit> = {}): BrandKit {
  return {
    id,
    name,
    is_default: false,
    colors: { primary: '#111827', secondary: '#facc15', text: '#ffffff', background: '#000000' },
    font_id: null,
    font_family: null,
    logo_url: null,
    logo_position: 'top-right',
    logo_scale: 0.18,
    text_style: {},
    caption_style: 'highlight',
    end_card: { enabled: false, headline: '', cta: '', url: '', seconds: 3 },
    context_id: null,
    created_at: '2026-11-01T10:00:00Z',
    updated_at: '2026-11-01T10:00:00Z',
    ...overrides,
  };
}

type TemplateFields<T> = T extends unknown ? Pick<T, Extract<keyof T, 'composition' | 'settings'>> & Partial<Pick<T, Extract<keyof T, 'brand_kit_id' | 'created_at'>>> : never;

/** A template as `GET /api/video-templates/` answers it, of the composition and settings given. */
export function makeTemplate(id: string, name: string, fields: TemplateFields<VideoTemplate>): VideoTemplate {
  return { id, name, brand_kit_id: null, created_at: '2026-11-20T10:00:00Z', updated_at: '2026-11-20T10:00:00Z', ...fields } as VideoTemplate;
}
