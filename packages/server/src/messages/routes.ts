import { DEFAULT_SITE_ID, MESSAGE_PAGE_SIZE, MESSAGE_TYPE, messageCount, messageDelete, messageDeleteAll, messageList, messageRead, messageReadAll, noticeBatch, opsMessageSend } from '@lobby/sdk';
import { findMemberByName } from '../members/member-repository.js';
import { BusinessError } from '../http/errors.js';
import { registerCall } from '../http/register-call.js';
import type { RouteGroup } from '../http/route-group.js';
import { breakRefusal } from '../responsible/exclusion/exclusion-service.js';
import { changeMessages, deleteAll, deleteMessage, insertMessage, listMessages, markAllRead, markRead, unreadCounts } from './message-repository.js';

const notFound = () => new BusinessError('messageNotFound', 'no such message');

/** The inbox calls; every one works on the caller's own messages only. */
export const messageRoutes: RouteGroup = (app) => {
  registerCall(app, messageList, async ({ db, request, requireMember }) => {
    const page = request.page ?? 1;
    const size = request.size ?? MESSAGE_PAGE_SIZE;
    const { list, total } = await listMessages(db, { memberId: requireMember().id, type: request.type }, page, size);
    return { list, total, page, size };
  });
  registerCall(app, messageRead, async ({ db, request, requireMember }) => {
    const type = await markRead(db, requireMember().id, request.id);
    if (type === undefined) throw notFound();
    return { id: request.id, type: type as 0 | 1 | 2 | 3 };
  });
  registerCall(app, messageDelete, async ({ db, request, requireMember }) => {
    if (!(await deleteMessage(db, requireMember().id, request.id))) throw notFound();
    return { id: request.id };
  });
  registerCall(app, messageCount, async ({ db, requireMember }) => unreadCounts(db, requireMember().id));
  registerCall(app, messageReadAll, async ({ db, request, requireMember }) => ({
    count: await markAllRead(db, { memberId: requireMember().id, type: request.type }),
  }));
  registerCall(app, messageDeleteAll, async ({ db, request, requireMember }) => ({
    count: await deleteAll(db, { memberId: requireMember().id, type: request.type }),
  }));
  registerCall(app, noticeBatch, async ({ db, request, requireMember }) => ({
    changed: await changeMessages(db, requireMember().id, request.ids, request.action),
  }));
  registerCall(app, opsMessageSend, async ({ db, request, services }) => {
    const member = await findMemberByName(db, request.siteId ?? DEFAULT_SITE_ID, request.memberName);
    if (!member) throw new BusinessError('memberNotFound', `no member named ${request.memberName} on site ${request.siteId ?? DEFAULT_SITE_ID}`);
    const { type, title, content } = request;
    // Responsible play (issue 22): no marketing (activity) messages to a member on a time-out or self-exclusion.
    if (type === MESSAGE_TYPE.activity && (await breakRefusal(db, member.id, new Date(services.providers.clock.now())))) {
      throw new BusinessError('exclusionNoMarketing', `${request.memberName} is on a break from play: no marketing messages`);
    }
    return insertMessage(db, { memberId: member.id, type, title, content, sticky: request.sticky ?? false });
  });
};
