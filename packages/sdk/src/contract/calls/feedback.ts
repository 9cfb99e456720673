import { defineCall } from '../call.js';
import { s, type Infer } from '../schema.js';

/**
 * Member feedback (spec section 3, "Feedback detail"; section 7, member web_feedback and
 * feedback/upload) and the operator's reply. The spec does not show the types, the
 * categories or the limits; they are ours (docs/DECISIONS.md, "Member centre").
 */

/** Feedback types: 1 suggestion, 2 problem report, 3 complaint. */
export const FEEDBACK_TYPES = [1, 2, 3] as const;
/** Feedback categories: 1 deposit, 2 withdrawal, 3 games and venues, 4 activities, 5 account, 6 other. */
export const FEEDBACK_CATEGORIES = [1, 2, 3, 4, 5, 6] as const;
/** Content length in characters (code points), after trimming. */
export const FEEDBACK_CONTENT_MIN = 5;
export const FEEDBACK_CONTENT_MAX = 500;
/** At most this many images go with one feedback. */
export const FEEDBACK_IMAGES_MAX = 3;
/** One image may be at most this many bytes. */
export const FEEDBACK_IMAGE_BYTES_MAX = 2 * 1024 * 1024;
/** The image types accepted, judged by the file's first bytes, never by its name. */
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** Where uploaded images are served: this prefix and an unguessable name. */
export const FEEDBACK_IMAGE_PATH = '/member/v1/feedback/image/';
/** Spec section 9: list page size (the message page size, 20). */
export const FEEDBACK_PAGE_SIZE = 20;

const FeedbackType = s.enum(FEEDBACK_TYPES, { description: '1 suggestion, 2 problem report, 3 complaint' });
const FeedbackCategory = s.enum(FEEDBACK_CATEGORIES, { description: '1 deposit, 2 withdrawal, 3 games and venues, 4 activities, 5 account, 6 other' });
const imageUrl = s.string({ minLength: 1, maxLength: 200, pattern: '^/member/v1/feedback/image/[A-Za-z0-9_-]{32}$' });

/** Spec section 3, "Feedback detail": one feedback of the member, with the operator's reply. */
const feedbackFields = {
  id: s.integer(),
  type: s.integer({ description: '1 suggestion, 2 problem report, 3 complaint' }),
  category: s.integer({ description: '1 deposit, 2 withdrawal, 3 games and venues, 4 activities, 5 account, 6 other' }),
  content: s.string({ description: 'As the member typed it: render as text' }),
  picUrls: s.string({ description: 'Image URLs, comma-separated (spec section 3)' }),
  imgAddress: s.string({ description: 'The first image URL, empty without images' }),
  isReply: s.boolean(),
  replyContent: s.string({ description: 'The operator reply, empty until replied: render as text' }),
  replyAt: s.integer({ description: 'ms since epoch; 0 until replied' }),
  createdAt: s.integer({ description: 'ms since epoch' }),
  updatedAt: s.integer({ description: 'ms since epoch' }),
};
export const FeedbackDetail = s.object(feedbackFields);
export type FeedbackDetail = Infer<typeof FeedbackDetail>;

/** Sends one feedback; the image URLs must come from this member's own uploads. */
export const webFeedback = defineCall({
  name: 'webFeedback',
  group: 'member',
  path: '/member/v1/web_feedback',
  style: 'json',
  auth: 'member',
  summary: 'Send feedback: type, category, content and up to 3 uploaded images (clear path)',
  request: s.object({
    type: FeedbackType,
    category: FeedbackCategory,
    content: s.string({ minLength: 1, maxLength: 2000, description: '5 to 500 characters after trimming' }),
    picUrls: s.optional(s.array(imageUrl, { maxItems: FEEDBACK_IMAGES_MAX })),
  }),
  response: FeedbackDetail,
});

/**
 * Uploads one image for a feedback (multipart part `file`): PNG, JPEG, WebP or GIF by
 * its first bytes, at most 2 MB. Answers the URL to send with webFeedback.
 */
export const feedbackUpload = defineCall({
  name: 'feedbackUpload',
  group: 'member',
  path: '/member/v1/feedback/upload',
  style: 'upload',
  auth: 'member',
  summary: 'Upload a feedback image (multipart part "file"; PNG, JPEG, WebP or GIF, at most 2 MB) (clear path)',
  // The file travels as a multipart part, not in the query the server validates.
  request: s.object({ file: s.optional(s.unknown()) }),
  response: s.object({ url: s.string(), mediaType: s.string(), size: s.integer({ minimum: 1 }) }),
});

export const FeedbackPage = s.object({
  list: s.array(FeedbackDetail),
  total: s.integer({ minimum: 0 }),
  page: s.integer({ minimum: 1 }),
  size: s.integer({ minimum: 1 }),
});

/** The member's own feedback, newest first, with replies. */
export const feedbackList = defineCall({
  name: 'feedbackList',
  group: 'member',
  path: '/member/v1/feedback/list',
  style: 'json',
  auth: 'member',
  summary: "The member's feedback with the operator replies, 20 a page",
  request: s.object({
    page: s.optional(s.integer({ minimum: 1, maximum: 10_000 })),
    size: s.optional(s.integer({ minimum: 1, maximum: 100 })),
  }),
  response: FeedbackPage,
});

/** What an operator sees of a feedback: the detail and who sent it. */
export const OpsFeedback = s.object({ ...feedbackFields, memberName: s.string(), siteId: s.integer() });
export type OpsFeedback = Infer<typeof OpsFeedback>;

/** Operator: feedback of every member, newest first; only those waiting for a reply with `waiting`. */
export const opsFeedbackList = defineCall({
  name: 'opsFeedbackList',
  group: 'operator',
  path: '/ops/v1/feedback/list',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: list member feedback (optionally by member name, or only unreplied)',
  request: s.object({
    memberName: s.optional(s.string({ minLength: 1, maxLength: 64 })),
    waiting: s.optional(s.boolean()),
    limit: s.optional(s.integer({ minimum: 1, maximum: 200 })),
  }),
  response: s.object({ list: s.array(OpsFeedback) }),
});

/** Operator: reply to a feedback (a second reply replaces the first). */
export const opsFeedbackReply = defineCall({
  name: 'opsFeedbackReply',
  group: 'operator',
  path: '/ops/v1/feedback/reply',
  style: 'json',
  auth: 'operator',
  summary: 'Operator: reply to a member feedback',
  request: s.object({ id: s.integer({ minimum: 1 }), replyContent: s.string({ minLength: 1, maxLength: 1000 }) }),
  response: OpsFeedback,
});
