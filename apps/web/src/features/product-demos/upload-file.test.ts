import { describe, expect, it } from 'vitest';
import { refusalMessage } from './upload-file';

describe('refusalMessage', () => {
  it("shows the API's detail when it answered with one", () => {
    const body = JSON.stringify({ detail: 'A newer upload link replaced this one. Upload the file again.', code: 'upload_url_replaced' });
    expect(refusalMessage(403, body)).toBe('A newer upload link replaced this one. Upload the file again.');
  });

  it('falls back on the status for an S3 XML error or an empty body', () => {
    expect(refusalMessage(403, '<?xml version="1.0"?><Error><Code>AccessDenied</Code></Error>')).toBe('The storage refused the file (HTTP 403).');
    expect(refusalMessage(413, '')).toBe('The file is larger than this upload allows.');
    expect(refusalMessage(500, JSON.stringify({ detail: '' }))).toBe('The storage refused the file (HTTP 500).');
  });
});
