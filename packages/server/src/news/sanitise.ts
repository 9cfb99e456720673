import sanitizeHtml from 'sanitize-html';

/**
 * The article allow-list (docs/NEWS.md "Sanitising"): text structure, links, images and
 * simple tables. Everything else is dropped with its content when it is a script-like tag
 * (script, style, iframe, object, svg, math...) or unwrapped to its text otherwise. No
 * attribute outside the list survives: no `on*` handler, no `style`, no `class`, no `id`.
 * Links keep http(s) and mailto addresses only and always open with rel="noopener noreferrer";
 * images keep only same-origin paths ('/...') and data:image URLs of raster or SVG pictures
 * (an SVG shown through <img> runs no script).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2', 'h3', 'h4', 'p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'blockquote', 'ul', 'ol', 'li', 'a', 'img',
    'figure', 'figcaption', 'table', 'thead', 'tbody', 'tr', 'th', 'td', 'code', 'pre', 'span',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading', 'decoding'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template', 'title'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target === undefined ? {} : { target: '_blank' }), rel: 'noopener noreferrer' },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy', decoding: 'async' } }),
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !imageSourceAllowed(frame.attribs.src ?? ''),
};

const DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif|svg\+xml)[;,]/i;

/**
 * Whether an image address may show on the site: a same-origin path (`/x.png`, not `//host`)
 * or a data:image URL. Also the rule for an article's cover.
 *
 * @example imageSourceAllowed('/assets/a.png') // true; imageSourceAllowed('https://evil.example/x.png') // false
 */
export function imageSourceAllowed(src: string): boolean {
  if (DATA_IMAGE.test(src)) return true;
  return src.startsWith('/') && !src.startsWith('//') && !src.startsWith('/\\');
}

/**
 * An article body as it may be stored and shown: the allow-listed HTML of `html`.
 *
 * @example sanitiseArticle('<p onclick="x()">Hi<script>alert(1)</script></p>') // '<p>Hi</p>'
 */
export function sanitiseArticle(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}

/** Whether sanitised HTML shows anything: some text or an image. */
export function articleHasContent(sanitised: string): boolean {
  if (/<img\s/i.test(sanitised)) return true;
  return sanitizeHtml(sanitised, { allowedTags: [], allowedAttributes: {} }).replace(/&nbsp;|\s/g, '') !== '';
}
