/** The music upload's rules, as the API holds them (apps/api/src/modules/music-tracks): the browser's checks only save a wasted upload. */
export const MAX_MUSIC_BYTES = 50 * 1024 * 1024;
export const MUSIC_ACCEPT = ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/aac', 'audio/wav', 'audio/x-wav', 'audio/ogg', 'audio/flac', 'audio/x-flac', '.mp3', '.m4a', '.aac', '.wav', '.ogg', '.opus', '.flac'] as const;
/** How loud a track plays under a video unless the user says (the API's default, DEFAULT_MUSIC_VOLUME). */
export const DEFAULT_MUSIC_VOLUME = 0.3;

/** 0:07, 3:25 */
export function formatTrackLength(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** "30%" of 0.3 */
export const volumeLabel = (volume: number) => `${Math.round(volume * 100)}%`;

/** The name a track gets from its file when none is typed (the API does the same). */
export function trackNameOf(filename: string): string {
  return filename.replace(/\.[^.]+$/, '').trim() || filename;
}
