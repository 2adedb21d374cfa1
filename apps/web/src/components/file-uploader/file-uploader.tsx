import { UploadCloud } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { formatBytes, UPLOAD_ERROR_TITLE, validateFiles, type FileRules, type RejectedFile } from './file-rules';

export interface FileUploaderProps extends FileRules {
  /** the files that passed the rules (never empty) */
  onFiles: (files: File[]) => void;
  /** also told about refused files, after the 'Upload error' toast */
  onRejected?: (rejected: RejectedFile[]) => void;
  disabled?: boolean;
  label?: ReactNode;
  hint?: ReactNode;
  className?: string;
}

/** Shows refused files in one 'Upload error' toast, one line per file. */
export function toastRejected(rejected: RejectedFile[]) {
  if (rejected.length === 0) return;
  toast({
    variant: 'destructive',
    title: UPLOAD_ERROR_TITLE,
    description: (
      <ul className="grid gap-0.5">
        {rejected.map(({ file, message }, i) => (
          <li key={`${file.name}-${i}`}>
            <span className="font-medium break-all">{file.name}</span>: <span>{message}</span>
          </li>
        ))}
      </ul>
    ),
  });
}

/**
 * The generic file uploader (its rules: docs/media.md): a drop zone that is also a button opening the file
 * picker. Files over `maxSize` or outside `accept` are refused with the original client's messages, wrapped in
 * the 'Upload error' toast; with `multiple={false}` only the first file is kept.
 */
export function FileUploader({ onFiles, onRejected, maxSize, accept, multiple = true, disabled, label, hint, className }: FileUploaderProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [isDragging, setIsDragging] = useState(false);

  const take = (list: FileList | null | undefined) => {
    if (!list || list.length === 0 || disabled) return;
    const { accepted, rejected } = validateFiles(Array.from(list), { maxSize, accept, multiple });
    if (rejected.length > 0) {
      toastRejected(rejected);
      onRejected?.(rejected);
    }
    if (accepted.length > 0) onFiles(accepted);
  };

  const defaultHint = [accept?.length ? accept.filter((a) => a.startsWith('.')).map((a) => a.slice(1).toUpperCase()).join(', ') : null, maxSize !== undefined ? `up to ${formatBytes(maxSize)}` : null]
    .filter(Boolean)
    .join(' · ');

  return (
    <div
      data-slot="file-uploader"
      data-dragging={isDragging || undefined}
      onDragEnter={(e) => {
        e.preventDefault();
        if (!disabled) setIsDragging(true);
      }}
      onDragOver={(e) => {
        e.preventDefault();
        if (!disabled) e.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setIsDragging(false);
      }}
      onDrop={(e) => {
        e.preventDefault();
        setIsDragging(false);
        take(e.dataTransfer.files);
      }}
      className={cn(
        'relative flex flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed px-6 py-8 text-center transition-colors focus-within:border-ring focus-within:ring-[3px] focus-within:ring-ring/50',
        isDragging ? 'border-primary bg-primary/5' : 'border-input hover:bg-accent/50',
        disabled && 'pointer-events-none opacity-50',
        className,
      )}
    >
      <span className="flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <UploadCloud className="size-5" aria-hidden />
      </span>
      <label htmlFor={inputId} className="cursor-pointer text-sm font-medium after:absolute after:inset-0">
        {label ?? (multiple ? 'Drop files here or click to choose' : 'Drop a file here or click to choose')}
      </label>
      {(hint ?? defaultHint) && <p className="text-xs text-muted-foreground">{hint ?? defaultHint}</p>}
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        className="sr-only"
        multiple={multiple}
        accept={accept?.join(',')}
        disabled={disabled}
        onChange={(e) => {
          take(e.target.files);
          e.target.value = '';
        }}
      />
    </div>
  );
}
