import type { AnyCall, HttpMethod } from '../contract/index.js';

/** One request, ready to send and sign. */
export interface EncodedRequest {
  method: HttpMethod;
  /** Path and query exactly as sent; the signature covers this text. */
  pathWithQuery: string;
  url: string;
  /** What goes on the wire: JSON or form text, multipart FormData, or nothing. */
  body: string | FormData | undefined;
  /** The BODY line of the signature: the body text, empty for GET, DELETE and uploads. */
  signedBody: string;
  contentType: string | undefined;
}

function entries(request: unknown): [string, unknown][] {
  if (request === null || request === undefined) return [];
  if (typeof request !== 'object' || Array.isArray(request)) throw new TypeError('a request must be an object');
  return Object.entries(request as Record<string, unknown>).filter(([, value]) => value !== undefined && value !== null);
}

function textOf(value: unknown): string {
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * A request object as URL parameters in stable (sorted) key order: arrays repeat their
 * key, objects are sent as JSON text, null and undefined are left out.
 *
 * @example encodeParams({ size: 100, page: 1 }).toString() // 'page=1&size=100'
 */
export function encodeParams(request: unknown): URLSearchParams {
  const params = new URLSearchParams();
  const sorted = entries(request).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [key, value] of sorted) {
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, textOf(item));
  }
  return params;
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** True for a Blob or File, or a non-empty list of them: the parts an upload sends in its body. */
function isFilePart(value: unknown): boolean {
  return isBlob(value) || (Array.isArray(value) && value.length > 0 && value.every(isBlob));
}

/**
 * Splits an upload request: Blob and File values become multipart file parts; every
 * other field goes to the query string, where the signature covers it (the upload body
 * itself is not signed).
 *
 * @example splitUpload({ file, type: 1 }) // { fields: { type: 1 }, files: FormData with 'file' }
 */
export function splitUpload(request: unknown): { fields: Record<string, unknown>; files: FormData } {
  const fields: Record<string, unknown> = {};
  const files = new FormData();
  for (const [key, value] of entries(request)) {
    if (!isFilePart(value)) {
      fields[key] = value;
      continue;
    }
    for (const blob of (Array.isArray(value) ? value : [value]) as Blob[]) files.append(key, blob, (blob as Partial<File>).name ?? 'blob');
  }
  return { fields, files };
}

/** Splits a base URL into origin and path prefix: 'https://a.b/api/' -> ['https://a.b', '/api']. */
export function splitBaseUrl(baseUrl: string): { origin: string; basePath: string } {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(baseUrl)) {
    const parsed = new URL(baseUrl);
    return { origin: parsed.origin, basePath: parsed.pathname.replace(/\/+$/, '') };
  }
  return { origin: '', basePath: baseUrl.replace(/\/+$/, '') };
}

function withQuery(path: string, request: unknown): string {
  const query = encodeParams(request).toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Encodes a request in its call's style (spec section 7, "Headers"): 'json' POST with
 * the JSON text, 'form' POST url-encoded, 'query' GET and 'delete' DELETE with a query
 * string, 'upload' multipart POST of the files with the other fields in the query.
 *
 * @example encodeRequest(siteBaseConfig, {}, 'http://127.0.0.1:3000').url // 'http://127.0.0.1:3000/site/v1/base_config'
 */
export function encodeRequest(call: AnyCall, request: unknown, baseUrl: string): EncodedRequest {
  const { origin, basePath } = splitBaseUrl(baseUrl);
  const path = basePath + call.path;
  const at = (pathWithQuery: string) => ({ pathWithQuery, url: origin + pathWithQuery });
  switch (call.style) {
    case 'json': {
      const text = JSON.stringify(request ?? {});
      return { method: 'POST', ...at(path), body: text, signedBody: text, contentType: 'application/json' };
    }
    case 'form': {
      const text = encodeParams(request).toString();
      return { method: 'POST', ...at(path), body: text, signedBody: text, contentType: 'application/x-www-form-urlencoded' };
    }
    case 'query':
    case 'delete': {
      const method = call.style === 'query' ? 'GET' : 'DELETE';
      return { method, ...at(withQuery(path, request)), body: undefined, signedBody: '', contentType: undefined };
    }
    case 'upload': {
      // The multipart boundary is chosen when the body is serialised; the content type comes from there.
      const { fields, files } = splitUpload(request);
      return { method: 'POST', ...at(withQuery(path, fields)), body: files, signedBody: '', contentType: undefined };
    }
  }
}
