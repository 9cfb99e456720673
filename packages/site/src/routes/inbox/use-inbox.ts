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
  setMessageCounts,
  type Message,
  type MessageCounts,
} from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { failureMessage } from '../../app/wallet/use-wallet.js';
import { allRead, pageAfterDelete, withRead, type InboxTab } from './inbox-logic.js';

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
}

/**
 * The inbox of the member: unread counts in $messages (from the count call, lowered on
 * each read, never below 0), one page of 20 messages of the open type, sticky ones first,
 * and the read, delete, one-key read and one-key delete actions.
 */
export function useInbox(): Inbox {
  const { client } = useLobby();
  const counts = useStore($messages);
  const [type, setType] = useState<InboxTab['type']>(1);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<InboxPage | null>(null);
  const [error, setError] = useState('');
  const [version, setVersion] = useState(0);

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

  return { counts, type, page, data, error, selectType, selectPage: setPage, read, remove, readAll, removeAll };
}
