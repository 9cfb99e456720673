/**
 * An article's body: HTML the server sanitised with sanitize-html on write and again on read
 * (allow-listed tags and attributes only: no script, no event handler, no style; images
 * same-origin or data:). This is the one place the site sets HTML (docs/NEWS.md,
 * "Sanitising"); the browser test proves a hostile article renders inert under the CSP.
 */
export function ArticleBody({ sanitisedHtml }: { sanitisedHtml: string }) {
  return <div className="article-body" dangerouslySetInnerHTML={{ __html: sanitisedHtml }} />;
}
