import { z } from 'zod';
import { DEFAULT_MUSIC_VOLUME } from '@hookwall/video/schemas';
import { pageSchema, paginationQuery } from '../../core/pagination.ts';
import { named } from '../../core/schema-registry.ts';

/** The largest file a track may be uploaded as (the canonical copy it becomes is far smaller). */
export const MAX_MUSIC_UPLOAD_BYTES = 50 * 1024 * 1024;
export const MAX_MUSIC_UPLOAD_LABEL = '50 MB';
/** A track's shortest and longest length, in seconds. */
export const MIN_MUSIC_SECONDS = 1;
export const MAX_MUSIC_SECONDS = 10 * 60;
export const MUSIC_TRACK_ORDERING = ['name', 'created_at', 'duration_seconds'] as const;

const NAME_MESSAGE = 'Name the track (1 to 200 characters).';
export const trackName = z.string({ error: NAME_MESSAGE }).trim().min(1, NAME_MESSAGE).max(200, 'Keep the name under 200 characters.');

export const musicTrackUploadRequest = named(
  'musicTrackUploadRequest',
  z.object({
    /** the audio file: MP3, M4A/AAC, WAV, OGG/Opus or FLAC, at most 50 MB, 1 s to 10 minutes */
    file: z.string().meta({ format: 'binary', description: 'The audio file (multipart/form-data): MP3, M4A/AAC, WAV, OGG/Opus or FLAC, at most 50 MB, 1 second to 10 minutes.' }),
    /** defaults to the file's name without its extension */
    name: trackName.optional(),
  }),
);
export const patchedMusicTrackRequest = named('patchedMusicTrackRequest', z.object({ name: trackName.optional() }));

export const musicTrackSchema = named(
  'musicTrack',
  z.object({
    id: z.string(),
    name: z.string(),
    /** the canonical copy's length */
    duration_seconds: z.number(),
    /** a signed, expiring URL of the canonical copy (M4A: AAC, stereo, 48 kHz, loudness-normalised) */
    audio_url: z.string(),
    /** the canonical copy's bytes, as the team's storage counts them */
    size_bytes: z.number().int(),
    created_at: z.string(),
  }),
);
export const musicTrackPage = named('paginatedMusicTrackList', pageSchema(musicTrackSchema));

export const musicTrackListQuery = paginationQuery.extend({
  search: z.string().max(200).optional(),
  ordering: z.string().max(50).optional().describe('name, created_at or duration_seconds; prefix - for descending (default -created_at)'),
});

export const musicTrackIdParam = z.object({ id: z.uuid() });

/** A video's music (text walls, composites): one of the team's tracks, and how loud it plays under the video. */
export const videoMusicSchema = named(
  'videoMusic',
  z.object({
    track_id: z.uuid({ error: 'Choose one of your music tracks (its id from GET /api/music-tracks/).' }),
    volume: z
      .number({ error: 'Enter the volume as a number from 0 to 1.' })
      .min(0, 'The volume is at least 0.')
      .max(1, 'The volume is at most 1.')
      .default(DEFAULT_MUSIC_VOLUME),
  }),
);
export type VideoMusic = z.infer<typeof videoMusicSchema>;
/** A video's music as the API answers it. */
export const videoMusicOut = z.object({ track_id: z.string(), volume: z.number() });
