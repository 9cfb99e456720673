import { useRef, useState } from 'react';
import { ApiError, vipBirthdayApply, vipGiftApply, type VipGift, type VipInfo } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { toasts } from '../../modules/toast.js';
import { vipTexts } from './texts.js';
import { createActionKeys, formatYuan } from './vip-view.js';
import { ErrorLine } from '../../modules/error-line.js';

const BIRTHDAY_ACTION = 'birthday';

/**
 * VIP gifts with their status (spec section 4: applied after claiming) and the birthday
 * bonus. Each claim sends one idempotency key per action, so a double click pays once.
 */
export function VipGifts({ info, gifts, onClaimed }: { info: VipInfo; gifts: VipGift[]; onClaimed: () => void }) {
  const { client } = useLobby();
  const text = usePageTexts(vipTexts);
  const keys = useRef(createActionKeys()).current;
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState('');

  async function claim(action: string, run: (key: string) => Promise<string>) {
    if (busy !== null) return;
    setBusy(action);
    setProblem('');
    try {
      toasts.show(await run(keys.keyFor(action)));
      keys.settled(action);
      onClaimed();
    } catch (failure) {
      if (failure instanceof ApiError && failure.status !== 0) keys.settled(action);
      setProblem(failure instanceof ApiError ? failure.message : String(failure));
    } finally {
      setBusy(null);
    }
  }

  const applyGift = (gift: VipGift) =>
    claim(gift.id, async (idempotencyKey) => {
      const answer = await client.call(vipGiftApply, { id: gift.id }, { idempotencyKey });
      return text('giftApplied', { money: formatYuan(answer.gift.giftMoney) });
    });
  const applyBirthday = () =>
    claim(BIRTHDAY_ACTION, async (idempotencyKey) => {
      const answer = await client.call(vipBirthdayApply, {}, { idempotencyKey });
      return text('birthdayPaid', { money: formatYuan(answer.birthCash) });
    });

  return (
    <section className="vip-gifts" aria-labelledby="vip-gifts-title">
      <h2 id="vip-gifts-title">{text('gifts')}</h2>
      {gifts.length === 0 ? <p>{text('noGifts')}</p> : null}
      <ul>
        {gifts.map((gift) => (
          <li key={gift.id} className={gift.status === 1 ? 'vip-gift applied' : 'vip-gift'}>
            <span className="vip-gift-name">{gift.giftName}</span>
            <span className="vip-gift-money">{text('yuan', { amount: formatYuan(gift.giftMoney) })}</span>
            <button className="button" type="button" disabled={gift.status === 1 || busy !== null} aria-label={`${gift.status === 1 ? text('applied') : text('apply')} ${gift.giftName}`} onClick={() => void applyGift(gift)}>
              {gift.status === 1 ? text('applied') : text('apply')}
            </button>
          </li>
        ))}
      </ul>
      <h3>{text('birthday')}</h3>
      {info.birthday === null ? (
        <p>{text('birthdayNotSet')}</p>
      ) : (
        <p className="vip-birthday">
          <span>{text('birthdayOn', { birthday: info.birthday })}</span>
          <button className="button" type="button" disabled={info.birthdayApplied || busy !== null} onClick={() => void applyBirthday()}>
            {info.birthdayApplied ? text('birthdayApplied') : text('applyBirthday')}
          </button>
        </p>
      )}
      <ErrorLine error={problem} />
    </section>
  );
}
