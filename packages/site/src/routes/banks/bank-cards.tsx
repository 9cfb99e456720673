import { useCallback, useEffect, useState } from 'react';
import { bindBankCard, deleteBankCard, memberBankList, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { failureMessage } from '../../app/wallet/use-wallet.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { checkCardNo } from '../../modules/wallet-address.js';
import type { WalletOutcome } from '../../modules/wallet-refresh.js';
import { ConfirmDelete } from './confirm-delete.js';
import { banksTexts } from './texts.js';
import { ErrorLine } from '../../modules/error-line.js';

type Card = CallResponse<typeof memberBankList>['list'][number];

/** The member's bank cards: list, bind (deposit card 0, credit card 1) and delete with confirm. */
export function BankCards({ onOutcome }: { onOutcome: (outcome: WalletOutcome) => void }) {
  const { client } = useLobby();
  const t = usePageTexts(banksTexts);
  const [cards, setCards] = useState<Card[] | null>(null);
  const [type, setType] = useState<0 | 1>(0);
  const [bankName, setBankName] = useState('');
  const [cardNo, setCardNo] = useState('');
  const [realName, setRealName] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    client.call(memberBankList, {}).then(
      (answer) => setCards(answer.list),
      (failure: unknown) => onOutcome({ ok: false, message: failureMessage(failure) }),
    );
  }, [client, onOutcome]);
  useEffect(load, [load]);

  async function bind() {
    const card = checkCardNo(cardNo);
    const found = !card.ok ? t(card.problem) : bankName.trim() === '' ? t('bankNameEmpty') : realName.trim() === '' ? t('realNameEmpty') : '';
    setProblem(found);
    if (found || !card.ok) return;
    setBusy(true);
    try {
      await client.call(bindBankCard, { type, bankName: bankName.trim(), cardNo: card.cardNo, realName: realName.trim() });
      setCardNo('');
      onOutcome({ ok: true, message: t('bound') });
      load();
    } catch (failure) {
      onOutcome({ ok: false, message: failureMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function remove(card: Card) {
    try {
      await client.call(deleteBankCard, { id: card.id });
      onOutcome({ ok: true, message: t('deleted') });
    } catch (failure) {
      onOutcome({ ok: false, message: failureMessage(failure) });
    }
    load();
  }

  return (
    <section className="banks-panel" aria-labelledby="banks-cards-title">
      <h2 id="banks-cards-title">{t('cards')}</h2>
      {cards?.length === 0 ? <p className="hint">{t('noCards')}</p> : null}
      <ul className="banks-list">
        {(cards ?? []).map((card) => {
          const name = `${card.bankName} ${card.cardNo}`;
          return (
            <li key={card.id} data-card={card.id}>
              <span>{name}</span> <span className="hint">{card.type === 1 ? t('creditCard') : t('depositCard')}</span> <span>{card.realName}</span>
              <ConfirmDelete label={t('deleteCardOf', { name })} question={t('confirmCard', { name })} onConfirm={() => remove(card)} />
            </li>
          );
        })}
      </ul>
      <form
        className="stack-form narrow"
        aria-label={t('bind')}
        onSubmit={(event) => {
          event.preventDefault();
          void bind();
        }}
      >
        <fieldset className="banks-type">
          <legend>{t('cardType')}</legend>
          {([0, 1] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="card-type" checked={type === value} onChange={() => setType(value)} />
              {value === 0 ? t('depositCard') : t('creditCard')}
            </label>
          ))}
        </fieldset>
        <label>
          {t('bankName')}
          <input value={bankName} maxLength={64} onChange={(event) => setBankName(event.target.value)} />
        </label>
        <label>
          {t('cardNo')}
          <input value={cardNo} inputMode="numeric" maxLength={32} onChange={(event) => setCardNo(event.target.value)} />
        </label>
        <label>
          {t('realName')}
          <input value={realName} maxLength={64} onChange={(event) => setRealName(event.target.value)} />
        </label>
        <ErrorLine error={problem} standing />
        <button className="button" type="submit" disabled={busy}>
          {t('bind')}
        </button>
      </form>
    </section>
  );
}
