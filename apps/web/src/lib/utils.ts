import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}

/** The product's name, shown in the sidebar, page titles and the login screen. */
export const PRODUCT_NAME = 'Hookwall';
export const PRODUCT_PROMISE = 'Turn your product into scroll-stopping ads, in bulk';

/** Bytes, KB, MB, GB or TB with up to 2 decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes === 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB', 'TB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/[\s@._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0]![0]! + parts[1]![0]! : (parts[0] ?? '?').slice(0, 1);
  return letters.toUpperCase();
}

/** avatar_url may be relative to the API host. */
export function absoluteMediaUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  return /^(https?:|data:|blob:)/.test(url) ? url : new URL(url, window.location.origin).toString();
}
