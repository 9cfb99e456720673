/** What the transport hands back: the HTTP status and the parsed body (undefined if not JSON). */
export interface RawAnswer {
  status: number;
  data: unknown;
}

export interface XhrUploadInput {
  url: string;
  headers: Record<string, string>;
  body: FormData;
  signal?: AbortSignal;
  onProgress?: (loaded: number, total: number) => void;
}

function abortError(signal: AbortSignal | undefined): unknown {
  return signal?.reason ?? new DOMException('The upload was aborted', 'AbortError');
}

/** Parses a JSON answer; anything else is undefined. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** True in a runtime that has XMLHttpRequest (browsers), the only way to see upload progress. */
export function hasXhr(): boolean {
  return typeof (globalThis as { XMLHttpRequest?: unknown }).XMLHttpRequest === 'function';
}

/**
 * A multipart POST through XMLHttpRequest, reporting upload progress. Rejects with a
 * TypeError on a network failure and with the signal's reason when aborted.
 *
 * @example await xhrUpload({ url, headers, body: form, onProgress: (loaded, total) => bar(loaded / total) })
 */
export function xhrUpload(input: XhrUploadInput): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (input.signal?.aborted) return reject(abortError(input.signal));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    xhr.open('POST', input.url);
    for (const [name, value] of Object.entries(input.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) input.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      input.signal?.removeEventListener('abort', onAbort);
      resolve({ status: xhr.status, data: parseJson(xhr.responseText) });
    };
    xhr.onerror = () => {
      input.signal?.removeEventListener('abort', onAbort);
      reject(new TypeError('upload failed: network error'));
    };
    xhr.onabort = () => reject(abortError(input.signal));
    input.signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(input.body);
  });
}
