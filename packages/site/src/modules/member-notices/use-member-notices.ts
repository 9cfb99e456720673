import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, dontShowAnymore, securityNoticeDismiss, securityNoticeGet, specialNotice, type SecurityNotice, type SpecialNotice } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { safeStorage } from '../safe-storage.js';

/** Session storage key of the special notice closed for this visit. */
export const NOTICE_CLOSED_KEY = 'lobby.specialNoticeClosed';
/** Local storage key of the special notice a visitor chose not to see again (members ask the server). */
export const NOTICE_HIDDEN_KEY = 'lobby.specialNoticeHidden';
const visit = safeStorage(() => globalThis.sessionStorage);
const device = safeStorage(() => globalThis.localStorage);

/** Whether a notice was closed for this visit or hidden for good on this device. */
export function noticeSuppressed(noticeId: number, member: boolean): boolean {
  return visit.get(NOTICE_CLOSED_KEY) === String(noticeId) || (!member && device.get(NOTICE_HIDDEN_KEY) === String(noticeId));
}

/**
 * The brand's special notice: shown once a visit until closed; "don't show again" asks
 * the server for a member (docs/MEMBER-CALLS.md) and remembers it on the device for a visitor.
 */
export function useSpecialNotice() {
  const { client } = useLobby();
  const session = useStore($session);
  const member = session !== null;
  const [notice, setNotice] = useState<SpecialNotice | null>(null);
  useEffect(() => {
    let current = true;
    client.call(specialNotice, {}).then(
      (answer) => current && setNotice(answer.notice && !noticeSuppressed(answer.notice.id, member) ? answer.notice : null),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, member]);
  const close = useCallback(() => {
    if (notice) visit.set(NOTICE_CLOSED_KEY, String(notice.id));
    setNotice(null);
  }, [notice]);
  const hideForGood = useCallback(async () => {
    if (!notice) return;
    visit.set(NOTICE_CLOSED_KEY, String(notice.id));
    setNotice(null);
    if (member) await client.call(dontShowAnymore, { noticeId: notice.id }).catch(() => undefined);
    else device.set(NOTICE_HIDDEN_KEY, String(notice.id));
  }, [client, member, notice]);
  return { notice, close, hideForGood };
}

/** The member's security notices (logins from a new device or IP) until dismissed. */
export function useSecurityNotices() {
  const { client } = useLobby();
  const session = useStore($session);
  const [list, setList] = useState<SecurityNotice[]>([]);
  useEffect(() => {
    let current = true;
    if (session === null) {
      setList([]);
      return;
    }
    client.call(securityNoticeGet, {}).then(
      (answer) => current && setList(answer.list),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, session]);
  const dismiss = useCallback(
    async (id?: number) => {
      setList((shown) => (id === undefined ? [] : shown.filter((notice) => notice.id !== id)));
      await client.call(securityNoticeDismiss, id === undefined ? {} : { id }).catch(() => undefined);
    },
    [client],
  );
  return { list, dismiss };
}
