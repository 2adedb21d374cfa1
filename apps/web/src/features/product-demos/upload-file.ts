/** Thrown when an upload was cancelled on purpose (the row shows Cancelled, not an error). */
export class UploadCancelledError extends Error {
  constructor() {
    super('Upload cancelled');
    this.name = 'UploadCancelledError';
  }
}

export interface UploadProgress {
  loaded: number;
  total: number;
}

/**
 * PUTs a file straight to a signed upload URL with XMLHttpRequest, so the browser reports upload
 * progress (fetch cannot). Aborting the signal aborts the request.
 */
export function putFileWithProgress(
  url: string,
  file: Blob,
  { headers = {}, method = 'PUT', onProgress, signal }: { headers?: Record<string, string>; method?: string; onProgress?: (p: UploadProgress) => void; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new UploadCancelledError());
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) {
      // the browser sets Content-Length itself and refuses to be told
      if (name.toLowerCase() !== 'content-length') xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: file.size, total: file.size });
        resolve();
      } else {
        reject(new Error(refusalMessage(xhr.status, xhr.responseText)));
      }
    };
    xhr.onerror = () => {
      done();
      reject(new Error('The upload was interrupted. Check your connection and try again.'));
    };
    xhr.onabort = () => {
      done();
      reject(new UploadCancelledError());
    };
    xhr.send(file);
  });
}

/**
 * What to tell the user when the storage refuses a PUT: the API's own `detail` when it answered
 * (local storage: e.g. a newer upload of the same video replaced this one), else the status.
 */
export function refusalMessage(status: number, body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'detail' in parsed && typeof parsed.detail === 'string' && parsed.detail) return parsed.detail;
  } catch {
    // S3 answers in XML; a proxy may answer in HTML
  }
  return status === 413 ? 'The file is larger than this upload allows.' : `The storage refused the file (HTTP ${status}).`;
}
