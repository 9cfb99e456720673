import type { NewsArticle, NewsArticleSummary, NewsLanguage, NewsStatus, OpsNewsArticle } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';

/** The fields an operator writes. */
export interface ArticleFields {
  language: NewsLanguage;
  title: string;
  summary: string;
  coverUrl: string;
  author: string;
  /** Already sanitised. */
  bodyHtml: string;
}

interface ArticleRow {
  id: number;
  siteId: number;
  language: NewsLanguage;
  title: string;
  summary: string;
  coverUrl: string;
  author: string;
  bodyHtml: string;
  status: NewsStatus;
  publishedAt: Date | null;
  version: number;
  updatedAt: Date;
}

const COLUMNS = `id, site_id AS "siteId", language, title, summary, cover_url AS "coverUrl", author, body_html AS "bodyHtml", status,
  published_at AS "publishedAt", version, updated_at AS "updatedAt"`;

function opsArticleOf(row: ArticleRow): OpsNewsArticle {
  return { ...row, publishedAt: row.publishedAt?.toISOString() ?? null, updatedAt: row.updatedAt.toISOString() };
}

function summaryOf(row: ArticleRow): NewsArticleSummary {
  return { id: row.id, language: row.language, title: row.title, summary: row.summary, coverUrl: row.coverUrl, author: row.author, publishedAt: row.publishedAt!.toISOString() };
}

/** Inserts a draft. */
export async function insertArticle(q: Queryable, siteId: number, fields: ArticleFields, now: Date): Promise<OpsNewsArticle> {
  const { rows } = await q.query<ArticleRow>(
    `INSERT INTO news_articles (site_id, language, title, summary, cover_url, author, body_html, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8) RETURNING ${COLUMNS}`,
    [siteId, fields.language, fields.title, fields.summary, fields.coverUrl, fields.author, fields.bodyHtml, now],
  );
  return opsArticleOf(rows[0]!);
}

/** An article of any status and brand, for the desk. */
export async function findArticle(q: Queryable, id: number): Promise<OpsNewsArticle | undefined> {
  const { rows } = await q.query<ArticleRow>(`SELECT ${COLUMNS} FROM news_articles WHERE id = $1`, [id]);
  return rows[0] && opsArticleOf(rows[0]);
}

/**
 * Changes the given fields when the article is still at `version`; undefined when another
 * change came first (or the article does not exist).
 */
export async function updateArticle(q: Queryable, id: number, version: number, fields: Partial<ArticleFields>, now: Date): Promise<OpsNewsArticle | undefined> {
  const { rows } = await q.query<ArticleRow>(
    `UPDATE news_articles SET language = coalesce($3, language), title = coalesce($4, title), summary = coalesce($5, summary),
            cover_url = coalesce($6, cover_url), author = coalesce($7, author), body_html = coalesce($8, body_html),
            version = version + 1, updated_at = $9
      WHERE id = $1 AND version = $2 RETURNING ${COLUMNS}`,
    [id, version, fields.language ?? null, fields.title ?? null, fields.summary ?? null, fields.coverUrl ?? null, fields.author ?? null, fields.bodyHtml ?? null, now],
  );
  return rows[0] && opsArticleOf(rows[0]);
}

/**
 * Sets the status (publishing keeps the first publication time unless `publishAt` is given).
 * A status already held changes nothing and answers the article as it is.
 */
export async function setArticleStatus(q: Queryable, id: number, status: 'published' | 'unpublished', publishAt: Date | null, now: Date): Promise<OpsNewsArticle | undefined> {
  const { rows } = await q.query<ArticleRow>(
    `UPDATE news_articles SET status = $2::text,
            published_at = CASE WHEN $2::text = 'published' THEN coalesce($3::timestamptz, published_at, $4::timestamptz) ELSE published_at END,
            version = version + 1, updated_at = $4::timestamptz
      WHERE id = $1 AND (status <> $2::text OR ($2::text = 'published' AND $3::timestamptz IS NOT NULL AND published_at IS DISTINCT FROM $3::timestamptz))
      RETURNING ${COLUMNS}`,
    [id, status, publishAt, now],
  );
  return rows[0] ? opsArticleOf(rows[0]) : findArticle(q, id);
}

/** The desk's list of a brand. */
export async function listArticles(q: Queryable, siteId: number, status: NewsStatus | undefined, limit: number): Promise<OpsNewsArticle[]> {
  const { rows } = await q.query<ArticleRow>(
    `SELECT ${COLUMNS} FROM news_articles WHERE site_id = $1 AND ($2::text IS NULL OR status = $2) ORDER BY updated_at DESC, id DESC LIMIT $3`,
    [siteId, status ?? null, limit],
  );
  return rows.map(opsArticleOf);
}

/** Published articles members see now, newest first, and how many there are. */
export async function publishedPage(
  q: Queryable,
  query: { siteId: number; language: NewsLanguage; now: Date; offset: number; limit: number },
): Promise<{ list: NewsArticleSummary[]; total: number }> {
  const where = `site_id = $1 AND language = $2 AND status = 'published' AND published_at <= $3`;
  const { rows } = await q.query<ArticleRow>(
    `SELECT ${COLUMNS} FROM news_articles WHERE ${where} ORDER BY published_at DESC, id DESC OFFSET $4 LIMIT $5`,
    [query.siteId, query.language, query.now, query.offset, query.limit],
  );
  const count = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM news_articles WHERE ${where}`, [query.siteId, query.language, query.now]);
  return { list: rows.map(summaryOf), total: count.rows[0]!.n };
}

/** A published article of the brand members see now; undefined otherwise. */
export async function publishedArticle(q: Queryable, siteId: number, id: number, now: Date): Promise<NewsArticle | undefined> {
  const { rows } = await q.query<ArticleRow>(
    `SELECT ${COLUMNS} FROM news_articles WHERE id = $1 AND site_id = $2 AND status = 'published' AND published_at <= $3`,
    [id, siteId, now],
  );
  const row = rows[0];
  return row && { ...summaryOf(row), bodyHtml: row.bodyHtml, updatedAt: row.updatedAt.toISOString() };
}
