import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  $messages,
  MESSAGE_PAGE_SIZE,
  markRead,
  messageCount,
  messageDelete,
  messageDeleteAll,
  messageList,
  messageRead,
  messageReadAll,
  noticeBatch,
  setMessageCounts,
  type Message,
  type MessageCounts,
} from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { failureMessage } from '../../app/wallet/use-wallet.js';
import { allRead, pageAfterDelete, toggled, withRead, type InboxTab } from './inbox-logic.js';

export interface InboxPage {
  list: Message[];
  total: number;
  /** The page these messages are, which the pager shows (the asked page may still be loading). */
  page: number;
}

export interface Inbox {
  counts: MessageCounts;
  type: InboxTab['type'];
  page: number;
  data: InboxPage | null;
  error: string;
  selectType(type: InboxTab['type']): void;
  selectPage(page: number): void;
  /** Marks an unread message read (lowering its type's counter); answers an error text or ''. */
  read(message: Message): Promise<string>;
  remove(message: Message): Promise<string>;
  readAll(): Promise<{ count: number } | string>;
  removeAll(): Promise<{ count: number } | string>;
  /** The messages ticked on the shown page (cleared when the page, the tab or the list changes). */
  selected: ReadonlySet<number>;
  select(id: number, on: boolean): void;
  /** Ticks every message of the shown page, or none. */
  selectShown(on: boolean): void;
  /** Marks read, or deletes, the ticked messages in one call (`noticeBatch`); answers how many changed or an error text. */
  changeSelected(action: 'read' | 'delete'): Promise<{ count: number } | string>;
}

/**
 * The inbox of the member: unread counts in $messages (from the count call, lowered on
 * each read, never below 0), one page of 20 messages of the open type, sticky ones first,
 * and the read, delete, one-key read and one-key delete actions, and a batch read or delete
 * of the messages ticked on the shown page.
 */
export function useInbox(): Inbox {
  const { client } = useLobby();
  const counts = useStore($messages);
  const [type, setType] = useState<InboxTab['type']>(1);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<InboxPage | null>(null);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());

  const loadCounts = useCallback(() => {
    client.call(messageCount, {}).then(
      (answer) => setMessageCounts(answer),
      (failure: unknown) => setError(failureMessage(failure)),
    );
  }, [client]);
  useEffect(loadCounts, [loadCounts]);

  useEffect(() => {
    let current = true;
    client.call(messageList, { type, page, size: MESSAGE_PAGE_SIZE }).then(
      (answer) => {
        if (!current) return;
        setData({ list: answer.list, total: answer.total, page: answer.page });
        setSelected(new Set());
        setError('');
      },
      (failure: unknown) => current && setError(failureMessage(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, type, page, version]);

  const selectType = useCallback((next: InboxTab['type']) => {
    setType(next);
    setPage(1);
    setData(null);
  }, []);

  async function read(message: Message): Promise<string> {
    if (message.isRead) return '';
    try {
      const answer = await client.call(messageRead, { id: message.id });
      markRead(answer.type);
      setData((shown) => shown && { ...shown, list: withRead(shown.list, message.id) });
      return '';
    } catch (failure) {
      return failureMessage(failure);
    }
  }

  async function remove(message: Message): Promise<string> {
    try {
      await client.call(messageDelete, { id: message.id });
      if (!message.isRead) markRead(message.type);
      if (data) setPage(pageAfterDelete(page, data.total, 1, MESSAGE_PAGE_SIZE));
      setVersion((value) => value + 1);
      return '';
    } catch (failure) {
      return failureMessage(failure);
    }
  }

  async function readAll(): Promise<{ count: number } | string> {
    try {
      const answer = await client.call(messageReadAll, { type });
      markRead(type, answer.count);
      setData((shown) => shown && { ...shown, list: allRead(shown.list) });
      return answer;
    } catch (failure) {
      return failureMessage(failure);
    }
  }

  async function removeAll(): Promise<{ count: number } | string> {
    try {
      const answer = await client.call(messageDeleteAll, { type });
      setPage(1);
      setVersion((value) => value + 1);
      loadCounts();
      return answer;
    } catch (failure) {
      return failureMessage(failure);
    }
  }

  async function changeSelected(action: 'read' | 'delete'): Promise<{ count: number } | string> {
    const ids = [...selected];
    if (ids.length === 0) return { count: 0 };
    try {
      const answer = await client.call(noticeBatch, { ids, action });
      if (action === 'read') {
        setData((shown) => shown && { ...shown, list: allRead(shown.list, selected) });
        setSelected(new Set());
      } else {
        if (data) setPage(pageAfterDelete(page, data.total, answer.changed, MESSAGE_PAGE_SIZE));
        setVersion((value) => value + 1);
      }
      loadCounts();
      return { count: answer.changed };
    } catch (failure) {
      return failureMessage(failure);
    }
  }

  return {
    counts,
    type,
    page,
    data,
    error,
    selectType,
    selectPage: setPage,
    read,
    remove,
    readAll,
    removeAll,
    selected,
    select: (id, on) => setSelected((current) => toggled(current, id, on)),
    selectShown: (on) => setSelected(on && data ? new Set(data.list.map((message) => message.id)) : new Set()),
    changeSelected,
  };
}
