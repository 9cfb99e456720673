import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { GIFT_COUNT_MAX } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import type { RoomStore } from './room-store.js';
import { anchorTexts } from './texts.js';
import { WidgetElement } from './widget-element.js';

/**
 * The gifts of the room (gift config list): the member picks a gift and a count and sends
 * it (giftRewardSend); the coin balance, the coin purchase widget (as on a partner page)
 * and the outcome line sit beside.
 */
export function GiftPanel({ store, signedIn }: { store: RoomStore; signedIn: boolean }) {
  const t = usePageTexts(anchorTexts);
  const { gifts, coins, sending, notice } = useStore(store.$room);
  const [count, setCount] = useState(1);
  const valid = Number.isInteger(count) && count >= 1 && count <= GIFT_COUNT_MAX;
  return (
    <section className="gift-panel" aria-labelledby="gift-panel-title">
      <h2 id="gift-panel-title">{t('gifts')}</h2>
      {signedIn ? <p className="coin-balance" data-coins={coins ?? ''}>{t('coinBalance', { balance: coins ?? '…' })}</p> : <p>{t('signInToGift')}</p>}
      <label className="gift-count">
        {t('giftCount')}
        <input type="number" min={1} max={GIFT_COUNT_MAX} step={1} value={count} onChange={(event) => setCount(Number(event.target.value))} />
      </label>
      <ul className="gift-list">
        {gifts.map((gift) => (
          <li key={gift.giftId}>
            <button
              type="button"
              className="gift-button"
              data-gift={gift.giftId}
              disabled={!signedIn || sending || !valid}
              aria-label={t('sendGift', { gift: gift.giftName })}
              onClick={() => void store.sendGift(gift.giftId, count)}
            >
              <img src={gift.icon} alt="" width="40" height="40" />
              <span>{t('giftOf', { gift: gift.giftName, coins: gift.coins })}</span>
            </button>
          </li>
        ))}
      </ul>
      <p className={notice ? `gift-notice is-${notice.tone}` : 'gift-notice'} role="status">{notice?.text ?? ''}</p>
      {signedIn && (
        <WidgetElement
          folder="coin-purchase"
          on={{
            'lobby-buy-gold': (detail) => void store.boughtGold(detail as { gold_count: number; recharge_amount: number }),
            'lobby-refresh': () => void store.refreshCoins(),
          }}
        />
      )}
    </section>
  );
}
