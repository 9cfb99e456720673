import { randomBytes } from 'node:crypto';
import { FEEDBACK_IMAGE_PATH, type FeedbackDetail, type OpsFeedback } from '@lobby/sdk';
import type { Queryable } from '../db/database.js';
import type { ImageType, UploadedImage } from './image-upload.js';

/** Every member query names the member: a member sees and touches only its own feedback and images. */
const ms = (column: string) => `coalesce((extract(epoch FROM ${column}) * 1000)::bigint, 0)`;
const SELECT = `
  SELECT f.id, f.type, f.category, f.content, f.reply_content AS "replyContent", f.replied_at IS NOT NULL AS "isReply",
         ${ms('f.replied_at')} AS "replyAt", ${ms('f.created_at')} AS "createdAt", ${ms('f.updated_at')} AS "updatedAt",
         coalesce((SELECT string_agg(i.token, ',' ORDER BY i.position) FROM feedback_images i WHERE i.feedback_id = f.id), '') AS tokens,
         m.name AS "memberName", m.site_id AS "siteId"
    FROM member_feedback f JOIN members m ON m.id = f.member_id`;

type Row = Omit<OpsFeedback, 'picUrls' | 'imgAddress'> & { tokens: string };

/** The URL an image is served at: the fixed prefix and its unguessable token. */
export const imageUrlOf = (token: string) => FEEDBACK_IMAGE_PATH + token;

function opsFeedbackOf({ tokens, ...row }: Row): OpsFeedback {
  const urls = tokens === '' ? [] : tokens.split(',').map(imageUrlOf);
  return { ...row, picUrls: urls.join(','), imgAddress: urls[0] ?? '' };
}

function detailOf(row: Row): FeedbackDetail {
  const { memberName: _memberName, siteId: _siteId, ...detail } = opsFeedbackOf(row);
  return detail;
}

export interface NewFeedback {
  memberId: number;
  type: number;
  category: number;
  content: string;
  /** Tokens of the member's own uploaded images, in order. */
  imageTokens: readonly string[];
}

/**
 * Stores one feedback and attaches its images; answers undefined (and the caller rolls
 * back) when any token is not an unattached image of this member.
 */
export async function insertFeedback(tx: Queryable, feedback: NewFeedback): Promise<FeedbackDetail | undefined> {
  const { rows } = await tx.query<{ id: number }>('INSERT INTO member_feedback (member_id, type, category, content) VALUES ($1, $2, $3, $4) RETURNING id', [
    feedback.memberId,
    feedback.type,
    feedback.category,
    feedback.content,
  ]);
  const id = rows[0]!.id;
  if (feedback.imageTokens.length > 0) {
    const attached = await tx.query(
      `UPDATE feedback_images SET feedback_id = $1, position = array_position($3::text[], token)
        WHERE member_id = $2 AND feedback_id IS NULL AND token = ANY($3::text[])`,
      [id, feedback.memberId, feedback.imageTokens],
    );
    if (attached.rowCount !== feedback.imageTokens.length) return undefined;
  }
  return findFeedback(tx, feedback.memberId, id);
}

/** One feedback of a member; undefined when it is not the member's. */
export async function findFeedback(db: Queryable, memberId: number, id: number): Promise<FeedbackDetail | undefined> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE f.member_id = $1 AND f.id = $2`, [memberId, id]);
  return rows[0] && detailOf(rows[0]);
}

/** One page of the member's feedback, newest first, and the total. */
export async function listFeedback(db: Queryable, memberId: number, page: number, size: number): Promise<{ list: FeedbackDetail[]; total: number }> {
  const { rows } = await db.query<Row>(`${SELECT} WHERE f.member_id = $1 ORDER BY f.created_at DESC, f.id DESC LIMIT $2 OFFSET $3`, [memberId, size, (page - 1) * size]);
  const counted = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM member_feedback WHERE member_id = $1', [memberId]);
  return { list: rows.map(detailOf), total: counted.rows[0]!.n };
}

export interface OpsFeedbackFilter {
  memberName?: string | undefined;
  waiting?: boolean | undefined;
  limit?: number | undefined;
}

/** Feedback of every member for the operator, newest first. */
export async function listAllFeedback(db: Queryable, filter: OpsFeedbackFilter): Promise<OpsFeedback[]> {
  const { rows } = await db.query<Row>(
    `${SELECT} WHERE ($1::text IS NULL OR m.name = lower($1)) AND (NOT $2::boolean OR f.replied_at IS NULL) ORDER BY f.created_at DESC, f.id DESC LIMIT $3`,
    [filter.memberName ?? null, filter.waiting ?? false, filter.limit ?? 50],
  );
  return rows.map(opsFeedbackOf);
}

/** The operator's reply (a second one replaces the first); undefined for an unknown id. */
export async function replyToFeedback(db: Queryable, id: number, replyContent: string, operatorName: string): Promise<OpsFeedback | undefined> {
  const updated = await db.query('UPDATE member_feedback SET reply_content = $2, replied_at = now(), replied_by = $3, updated_at = now() WHERE id = $1', [
    id,
    replyContent,
    operatorName,
  ]);
  if (updated.rowCount !== 1) return undefined;
  const { rows } = await db.query<Row>(`${SELECT} WHERE f.id = $1`, [id]);
  return opsFeedbackOf(rows[0]!);
}

/** Unattached uploads older than this are removed when the member uploads again. */
export const LOOSE_IMAGE_TTL_MS = 24 * 60 * 60 * 1000;

/** Stores an uploaded image under a new unguessable token (24 random bytes, base64url). */
export async function insertImage(db: Queryable, memberId: number, image: UploadedImage, nowMs: number): Promise<string> {
  await db.query('DELETE FROM feedback_images WHERE member_id = $1 AND feedback_id IS NULL AND created_at < to_timestamp($2 / 1000.0)', [
    memberId,
    nowMs - LOOSE_IMAGE_TTL_MS,
  ]);
  const token = randomBytes(24).toString('base64url');
  await db.query('INSERT INTO feedback_images (token, member_id, media_type, bytes) VALUES ($1, $2, $3, $4)', [token, memberId, image.mediaType, image.bytes]);
  return token;
}

/** An image by its token, for serving. */
export async function findImage(db: Queryable, token: string): Promise<{ mediaType: ImageType; bytes: Uint8Array } | undefined> {
  const { rows } = await db.query<{ mediaType: ImageType; bytes: Uint8Array }>('SELECT media_type AS "mediaType", bytes FROM feedback_images WHERE token = $1', [token]);
  return rows[0];
}
