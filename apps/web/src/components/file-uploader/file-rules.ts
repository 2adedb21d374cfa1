import { formatFileSize } from '@/lib/utils';

/** Sizes display as Bytes, KB, MB, GB or TB with up to 2 decimals. */
export const formatBytes = formatFileSize;

export const FILE_TYPE_NOT_SUPPORTED = 'File type not supported';
export const UPLOAD_ERROR_TITLE = 'Upload error';
export function fileTooLargeMessage(maxSize: number): string {
  return `File size exceeds the limit (${formatBytes(maxSize)})`;
}

export interface FileRules {
  /** bytes; no limit when absent */
  maxSize?: number;
  /** extensions ('.mov'), wildcards ('video/*') or exact types ('video/mp4'); anything when absent or empty */
  accept?: readonly string[];
  /** single-file mode keeps only the first file */
  multiple?: boolean;
}

export interface RejectedFile {
  file: File;
  message: string;
}

/** Whether a file matches one of the accept entries: an extension, a wildcard type or an exact type. */
export function matchesAccept(file: Pick<File, 'name' | 'type'>, accept: readonly string[] | undefined): boolean {
  if (!accept || accept.length === 0) return true;
  const name = file.name.toLowerCase();
  const type = (file.type || '').toLowerCase();
  return accept.some((raw) => {
    const entry = raw.trim().toLowerCase();
    if (!entry) return false;
    if (entry.startsWith('.')) return name.endsWith(entry);
    if (entry === '*' || entry === '*/*') return true;
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
}

/**
 * The uploader's rules, in the original client's order (docs/media.md): single-file mode first, then
 * the size limit, then the accept list.
 */
export function validateFiles(input: readonly File[], { maxSize, accept, multiple = true }: FileRules): { accepted: File[]; rejected: RejectedFile[] } {
  const files = multiple ? [...input] : input.slice(0, 1);
  const accepted: File[] = [];
  const rejected: RejectedFile[] = [];
  for (const file of files) {
    if (maxSize !== undefined && file.size > maxSize) rejected.push({ file, message: fileTooLargeMessage(maxSize) });
    else if (!matchesAccept(file, accept)) rejected.push({ file, message: FILE_TYPE_NOT_SUPPORTED });
    else accepted.push(file);
  }
  return { accepted, rejected };
}
