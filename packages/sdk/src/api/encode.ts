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

/** A request object as multipart form data; Blob and File values become file parts. */
export function encodeFormData(request: unknown): FormData {
  const form = new FormData();
  for (const [key, value] of entries(request)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (typeof Blob !== 'undefined' && item instanceof Blob) {
        form.append(key, item, (item as Partial<File>).name ?? 'blob');
      } else {
        form.append(key, textOf(item));
      }
    }
  }
  return form;
}

/** Splits a base URL into origin and path prefix: 'https://a.b/api/' -> ['https://a.b', '/api']. */
export function splitBaseUrl(baseUrl: string): { origin: string; basePath: string } {
  if (/^[a-z][a-z\d+.-]*:\/\//i.test(baseUrl)) {
    const parsed = new URL(baseUrl);
    return { origin: parsed.origin, basePath: parsed.pathname.replace(/\/+$/, '') };
  }
  return { origin: '', basePath: baseUrl.replace(/\/+$/, '') };
}

/**
 * Encodes a request in its call's style (spec section 7, "Headers"): 'json' POST with
 * the JSON text, 'form' POST url-encoded, 'query' GET and 'delete' DELETE with a query
 * string, 'upload' multipart POST.
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
      const query = encodeParams(request).toString();
      const method = call.style === 'query' ? 'GET' : 'DELETE';
      return { method, ...at(query ? `${path}?${query}` : path), body: undefined, signedBody: '', contentType: undefined };
    }
    case 'upload':
      // The multipart boundary is chosen when the body is serialised; the content type comes from there.
      return { method: 'POST', ...at(path), body: encodeFormData(request), signedBody: '', contentType: undefined };
  }
}
