/** The brand video kinds, in the product's words. */
export const CLIP_KINDS = [
  { value: 'product_demo', label: 'Product demo', plural: 'Product demos' },
  { value: 'hook', label: 'Hook', plural: 'Hooks' },
  { value: 'other', label: 'Other', plural: 'Other' },
] as const;
export type ClipKind = (typeof CLIP_KINDS)[number]['value'];

export function kindLabel(kind: string): string {
  return CLIP_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

/** 0:07, 1:05, 1:02:03 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '';
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** Upload limits the API enforces too (MAX_UPLOAD_BYTES defaults to 500 MB). */
export const MAX_CLIP_BYTES = 500 * 1024 * 1024;
export const CLIP_ACCEPT = ['video/mp4', 'video/quicktime', 'video/webm', '.mp4', '.mov', '.webm'] as const;
const TYPE_BY_EXTENSION = { mp4: 'video/mp4', m4v: 'video/mp4', mov: 'video/quicktime', webm: 'video/webm' } as const;
export type ClipContentType = 'video/mp4' | 'video/quicktime' | 'video/webm';

/** The content type to declare: the browser's, else the one its extension implies. */
export function clipContentType(file: Pick<File, 'name' | 'type'>): ClipContentType | null {
  if (file.type === 'video/mp4' || file.type === 'video/quicktime' || file.type === 'video/webm') return file.type;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return (TYPE_BY_EXTENSION as Record<string, ClipContentType>)[ext] ?? null;
}

/** The title a clip gets: its file name without the extension. */
export function titleOf(filename: string): string {
  const base = filename.replace(/\.[^.]+$/, '').trim();
  return (base || filename).slice(0, 200);
}

/** Tags as the API stores them: trimmed, lower-cased, 1 to 40 characters. */
export function normalizeTag(raw: string): string {
  return raw.trim().toLowerCase().slice(0, 40);
}
export const MAX_TAGS = 20;

/** "12 s left", "3 min left" */
export function formatTimeLeft(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '';
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} s left`;
  return `${Math.round(seconds / 60)} min left`;
}
