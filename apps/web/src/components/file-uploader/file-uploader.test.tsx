import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithStore } from '@/test/render';
import { fileTooLargeMessage, formatBytes, matchesAccept, validateFiles } from './file-rules';
import { FileUploader } from './file-uploader';

function fileOf(name: string, type: string, size = 10) {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

describe('formatBytes', () => {
  it('shows Bytes, KB, MB, GB or TB with up to 2 decimals', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1234567)).toBe('1.18 MB');
    expect(formatBytes(500 * 1024 ** 2)).toBe('500 MB');
    expect(formatBytes(3.456 * 1024 ** 3)).toBe('3.46 GB');
    expect(formatBytes(2 * 1024 ** 4)).toBe('2 TB');
    expect(formatBytes(5 * 1024 ** 5)).toBe('5120 TB');
  });
});

describe('file rules', () => {
  it('matches extensions, wildcards and exact types', () => {
    expect(matchesAccept(fileOf('a.MOV', ''), ['.mov'])).toBe(true);
    expect(matchesAccept(fileOf('a.mp4', 'video/mp4'), ['video/*'])).toBe(true);
    expect(matchesAccept(fileOf('a.png', 'image/png'), ['video/*'])).toBe(false);
    expect(matchesAccept(fileOf('a.webm', 'video/webm'), ['video/mp4'])).toBe(false);
    expect(matchesAccept(fileOf('a.mp4', 'video/mp4'), ['video/mp4'])).toBe(true);
    expect(matchesAccept(fileOf('a.txt', 'text/plain'), undefined)).toBe(true);
    expect(matchesAccept(fileOf('a.txt', 'text/plain'), [])).toBe(true);
  });

  it('refuses a file over the limit with the size in the message, and one outside the accept list', () => {
    const big = fileOf('big.mp4', 'video/mp4', 2 * 1024 * 1024);
    const text = fileOf('notes.txt', 'text/plain');
    const ok = fileOf('ok.mp4', 'video/mp4');
    const { accepted, rejected } = validateFiles([big, text, ok], { maxSize: 1024 * 1024, accept: ['video/*'] });
    expect(accepted).toEqual([ok]);
    expect(rejected).toEqual([
      { file: big, message: 'File size exceeds the limit (1 MB)' },
      { file: text, message: 'File type not supported' },
    ]);
    expect(fileTooLargeMessage(1.5 * 1024 ** 3)).toBe('File size exceeds the limit (1.5 GB)');
  });

  it('keeps only the first file in single-file mode', () => {
    const a = fileOf('a.mp4', 'video/mp4');
    const b = fileOf('b.mp4', 'video/mp4');
    expect(validateFiles([a, b], { multiple: false }).accepted).toEqual([a]);
    expect(validateFiles([a, b], {}).accepted).toEqual([a, b]);
  });
});

describe('FileUploader', () => {
  it('hands over accepted files and wraps refusals in the Upload error toast', async () => {
    const onFiles = vi.fn();
    await renderWithStore(<FileUploader onFiles={onFiles} maxSize={1024} accept={['video/mp4', '.mov']} label="Drop clips" />);
    const input = screen.getByLabelText('Drop clips') as HTMLInputElement;
    expect(input).toHaveAttribute('accept', 'video/mp4,.mov');
    const good = fileOf('clip.mov', '', 100);
    const big = fileOf('huge.mp4', 'video/mp4', 4096);
    const text = fileOf('notes.txt', 'text/plain', 10);
    await userEvent.upload(input, [good, big, text], { applyAccept: false });
    expect(onFiles).toHaveBeenCalledWith([good]);
    const toast = (await screen.findByText('Upload error')).closest('[data-variant]') as HTMLElement;
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast).getByText('File size exceeds the limit (1 KB)')).toBeInTheDocument();
    expect(within(toast).getByText('File type not supported')).toBeInTheDocument();
    expect(within(toast).getByText('huge.mp4')).toBeInTheDocument();
  });

  it('takes dropped files, only the first in single-file mode', async () => {
    const onFiles = vi.fn();
    await renderWithStore(<FileUploader onFiles={onFiles} multiple={false} accept={['video/*']} />);
    const zone = screen.getByText('Drop a file here or click to choose').closest('[data-slot="file-uploader"]')!;
    const a = fileOf('a.mp4', 'video/mp4');
    const b = fileOf('b.mp4', 'video/mp4');
    fireEvent.drop(zone, { dataTransfer: { files: [a, b] } });
    expect(onFiles).toHaveBeenCalledWith([a]);
    expect(screen.queryByText('Upload error')).not.toBeInTheDocument();
  });

  it('does not call back when every file is refused', async () => {
    const onFiles = vi.fn();
    const onRejected = vi.fn();
    await renderWithStore(<FileUploader onFiles={onFiles} onRejected={onRejected} accept={['video/*']} label="Drop" />);
    await userEvent.upload(screen.getByLabelText('Drop'), [fileOf('a.png', 'image/png')], { applyAccept: false });
    expect(onFiles).not.toHaveBeenCalled();
    expect(onRejected).toHaveBeenCalledWith([expect.objectContaining({ message: 'File type not supported' })]);
  });
});
