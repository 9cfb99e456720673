/** The part of `Document` that `readMetaJson` uses; a test passes a fake. */
export interface MetaSource {
  querySelector(selectors: string): { getAttribute(name: string): string | null } | null;
}

/**
 * The JSON value in `<meta name="{name}" content="...">`, or undefined when the tag is
 * missing or its content is not JSON (for example an unreplaced `%PLACEHOLDER%`).
 *
 * @example readMetaJson(document, 'lobby-config') // { apiBase: '', siteId: 4, ... }
 */
export function readMetaJson(source: MetaSource, name: string): unknown {
  const content = source.querySelector(`meta[name="${name}"]`)?.getAttribute('content');
  if (!content) return undefined;
  try {
    return JSON.parse(content) as unknown;
  } catch {
    return undefined;
  }
}
