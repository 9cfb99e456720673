import {
  CODE,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_CONTENT_MIN,
  FEEDBACK_IMAGE_PATH,
  FEEDBACK_PAGE_SIZE,
  feedbackList,
  feedbackUpload,
  opsFeedbackList,
  opsFeedbackReply,
  webFeedback,
} from '@lobby/sdk';
import { BusinessError, errorEnvelope } from '../http/errors.js';
import { sendStoredImage } from '../http/uploads.js';
import { hitRate } from '../http/rate-limit.js';
import { registerCall } from '../http/register-call.js';
import { operatorOf } from '../operator/operator-auth.js';
import type { RouteGroup } from '../http/route-group.js';
import { findImage, imageUrlOf, insertFeedback, insertImage, listAllFeedback, listFeedback, replyToFeedback } from './feedback-repository.js';
import { readUploadedImage } from './image-upload.js';

const HOUR_MS = 60 * 60 * 1000;
/** A member may send this many feedback and upload this many images an hour. */
export const FEEDBACK_PER_HOUR = 10;
export const UPLOADS_PER_HOUR = 30;

/** True for a control character other than tab and line breaks; PostgreSQL text cannot even hold NUL. */
function hasControl(text: string): boolean {
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true;
  }
  return false;
}
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** Trimmed text of `min` to `max` characters (code points) without control characters, or undefined. */
function cleanText(text: string, min: number, max: number): string | undefined {
  const trimmed = text.trim();
  const length = [...trimmed].length;
  return length >= min && length <= max && !hasControl(trimmed) ? trimmed : undefined;
}

/** Member feedback (web_feedback, feedback/upload, list), its images and the operator's calls. */
export const feedbackRoutes: RouteGroup = (app) => {
  registerCall(app, webFeedback, async ({ db, request, requireMember, services }) => {
    const memberId = requireMember().id;
    const content = cleanText(request.content, FEEDBACK_CONTENT_MIN, FEEDBACK_CONTENT_MAX);
    if (content === undefined) throw new BusinessError('feedbackContentInvalid', `content: ${FEEDBACK_CONTENT_MIN} to ${FEEDBACK_CONTENT_MAX} characters, no control characters`);
    const imageTokens = (request.picUrls ?? []).map((url) => url.slice(FEEDBACK_IMAGE_PATH.length));
    if (new Set(imageTokens).size !== imageTokens.length) throw new BusinessError('feedbackImageUnknown', 'picUrls: the same image twice');
    if ((await hitRate(db, { key: `feedback-submit:${memberId}`, windowMs: HOUR_MS }, services.providers.clock.now())) > FEEDBACK_PER_HOUR) {
      throw new BusinessError('feedbackTooFrequent', `at most ${FEEDBACK_PER_HOUR} feedback an hour`);
    }
    const stored = await db.transaction(async (tx) => {
      const detail = await insertFeedback(tx, { memberId, type: request.type, category: request.category, content, imageTokens });
      if (!detail) throw new BusinessError('feedbackImageUnknown', 'picUrls: upload each image first; an image goes with one feedback only');
      return detail;
    });
    return stored;
  });

  registerCall(app, feedbackUpload, async ({ db, raw, requireMember, services }) => {
    const memberId = requireMember().id;
    const now = services.providers.clock.now();
    if ((await hitRate(db, { key: `feedback-upload:${memberId}`, windowMs: HOUR_MS }, now)) > UPLOADS_PER_HOUR) {
      throw new BusinessError('feedbackTooFrequent', `at most ${UPLOADS_PER_HOUR} images an hour`);
    }
    const image = await readUploadedImage(raw);
    const token = await insertImage(db, memberId, image, now);
    return { url: imageUrlOf(token), mediaType: image.mediaType, size: image.bytes.byteLength };
  });

  registerCall(app, feedbackList, async ({ db, request, requireMember }) => {
    const page = request.page ?? 1;
    const size = request.size ?? FEEDBACK_PAGE_SIZE;
    return { ...(await listFeedback(db, requireMember().id, page, size)), page, size };
  });

  registerCall(app, opsFeedbackList, async ({ db, request }) => ({ list: await listAllFeedback(db, request) }));

  registerCall(app, opsFeedbackReply, async ({ db, request, raw }) => {
    const reply = cleanText(request.replyContent, 1, 1000);
    if (reply === undefined) throw new BusinessError('invalidField', 'replyContent: 1 to 1000 characters, no control characters');
    const answered = await replyToFeedback(db, request.id, reply, operatorOf(raw).name);
    if (!answered) throw new BusinessError('feedbackNotFound', `no feedback ${request.id}`);
    return answered;
  });

  // Images are reached by their unguessable URL only (an <img> cannot sign a request).
  app.get(`${FEEDBACK_IMAGE_PATH}:token`, async (request, reply) => {
    const { token } = request.params as { token: string };
    const image = TOKEN.test(token) ? await findImage(app.lobby.db, token) : undefined;
    if (!image) return reply.code(404).send(errorEnvelope(CODE.notFound, 'no such image'));
    return sendStoredImage(reply, image);
  });
};
