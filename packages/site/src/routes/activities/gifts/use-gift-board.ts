import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import {
  $session, ApiError, happySendApply, happySendList, luxuryConfig, luxuryExchange, luxuryGift, luxuryRemind, presentApply, presentDetail, promoV2Detail, superGiftApply, superGiftDetail,
  topGiftExchange, topGiftPageConfig, vipUpgradePromotionsApply, type GiftBoard, type GiftKind,
} from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';

/** Each gift kind's board call and take call (all gift kinds open on /app/present/{id}). */
export const GIFT_CALLS = {
  present: { board: presentDetail, take: presentApply },
  super_gift: { board: superGiftDetail, take: superGiftApply },
  promo_v2: { board: promoV2Detail, take: vipUpgradePromotionsApply },
  happy_send: { board: happySendList, take: happySendApply },
  luxury_gift: { board: luxuryConfig, take: luxuryExchange },
  top_gift: { board: topGiftPageConfig, take: topGiftExchange },
} as const;

export const isGiftKind = (kind: string): kind is GiftKind => Object.hasOwn(GIFT_CALLS, kind);

/**
 * Loads the gift board of activity `id` of `kind` (again when the session or `attempt`
 * changes); the refusal's message when it cannot be read.
 *
 * @example const { board, error } = useGiftBoard('present', 12, attempt)
 */
export function useGiftBoard(kind: GiftKind, id: number, attempt: number): { board: GiftBoard | undefined; error: string } {
  const { client } = useLobby();
  const token = useStore($session)?.token ?? '';
  const [state, setState] = useState<{ board: GiftBoard | undefined; error: string }>({ board: undefined, error: '' });
  useEffect(() => {
    let current = true;
    client.call(GIFT_CALLS[kind].board, { activityId: id }).then(
      (board) => current && setState({ board, error: '' }),
      (failure: unknown) => current && setState({ board: undefined, error: failure instanceof ApiError ? failure.message : String(failure) }),
    );
    return () => {
      current = false;
    };
  }, [client, kind, id, token, attempt]);
  return state;
}

/**
 * The luxury exchange's reminders of a signed-in member (read with the board, again when
 * `attempt` changes) and `remind(gift)`, which marks a gift the member cannot exchange yet;
 * `refusal` is the last refused reminder's message. A visitor or another kind has none.
 *
 * @example const { reminded, remind } = useLuxuryReminders(kind === 'luxury_gift' && !!session, 12, attempt)
 */
export function useLuxuryReminders(enabled: boolean, activityId: number, attempt: number) {
  const { client } = useLobby();
  const [reminded, setReminded] = useState<ReadonlySet<string>>(new Set());
  const [refusal, setRefusal] = useState('');
  const [sending, setSending] = useState('');
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    client.call(luxuryGift, { activityId }).then(
      (answer) => current && setReminded(new Set(answer.reminders)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [client, enabled, activityId, attempt]);
  const remind = (giftId: string) => {
    if (sending) return;
    setSending(giftId);
    setRefusal('');
    client.call(luxuryRemind, { activityId, giftId }).then(
      (answer) => setReminded((before) => new Set(before).add(answer.giftId)),
      (failure: unknown) => setRefusal(failure instanceof ApiError ? failure.message : String(failure)),
    ).finally(() => setSending(''));
  };
  return { reminded, remind, sending, refusal };
}
