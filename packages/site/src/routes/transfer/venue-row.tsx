import { useState } from 'react';
import { ApiError, fromMinor, toMinor, venueTransferIn, venueTransferOut, type CallResponse, type VenueMoney } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { failureMessage } from '../../app/wallet/use-wallet.js';
import { useVenueName, venueMoneyText } from '../../app/wallet/wallet-summary.js';
import { walletTexts } from '../../app/wallet/wallet-texts.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { createMoneyAction } from '../../modules/money-action.js';
import { formatMinor, parseAmount } from '../../modules/wallet-amount.js';
import { transferTexts } from './texts.js';

/** What the transfer popup holds: a heading and the response message. */
export interface TransferPopup {
  ok: boolean;
  title: string;
  message: string;
}

type Direction = 'in' | 'out';
type Result = CallResponse<typeof venueTransferIn>;

/**
 * One venue: its money, an amount field, transfer in (from the centre wallet, at most its
 * balance) and out (at most the venue's money). A venue in maintenance shows 'Maintaining'
 * and cannot be chosen.
 */
export function VenueRow({ venue, centreYuan, onDone }: { venue: VenueMoney; centreYuan: number; onDone: (popup: TransferPopup) => void }) {
  const { client } = useLobby();
  const t = usePageTexts(transferTexts);
  const w = usePageTexts(walletTexts);
  const venueName = useVenueName();
  const [amount, setAmount] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);
  const [actions] = useState(() => ({ in: createMoneyAction(), out: createMoneyAction() }));
  const name = venueName(venue);
  const fieldId = `transfer-amount-${venue.channelCode}`;

  async function move(direction: Direction) {
    const maxMinor = direction === 'in' ? toMinor(centreYuan, 2) : toMinor(venue.money, 2);
    const checked = parseAmount(amount, { decimals: 2, maxMinor });
    if (!checked.ok) {
      setProblem(w(checked.problem, { decimals: 2, balance: formatMinor(maxMinor, 2) }));
      return;
    }
    setProblem('');
    setBusy(true);
    const yuan = fromMinor(checked.minor, 2);
    try {
      const result: Result = await actions[direction].run({ yuan }, (key) =>
        direction === 'in'
          ? client.call(venueTransferIn, { api_name: venue.channelCode, transferIntoVal: yuan }, { idempotencyKey: key })
          : client.call(venueTransferOut, { api_name: venue.channelCode, transferOutVal: yuan }, { idempotencyKey: key }),
        // A pending transfer keeps its key: the same amount again asks how that one ended instead of moving money twice.
        (answer) => answer.state === 'pending',
      );
      setAmount('');
      onDone({ ok: result.state === 'completed', title: result.state === 'completed' ? t('done') : t('pending'), message: result.message });
    } catch (failure) {
      const detail = failure instanceof ApiError && failure.serverMessage && failure.serverMessage !== failure.message ? failure.serverMessage : '';
      onDone({ ok: false, title: `${t('failed')}: ${failureMessage(failure)}`, message: detail });
    } finally {
      setBusy(false);
    }
  }

  const disabled = venue.maintenance || busy;
  return (
    <tr data-venue={venue.channelCode}>
      <th scope="row">{name}</th>
      <td data-venue-money={venue.channelCode}>{venueMoneyText(venue)}</td>
      <td>
        {venue.maintenance ? (
          <span className="hint">{t('maintainingNote')}</span>
        ) : (
          <>
            <label className="visually-hidden" htmlFor={fieldId}>
              {t('amountFor', { venue: name })}
            </label>
            <input
              id={fieldId}
              className="transfer-amount"
              inputMode="decimal"
              value={amount}
              aria-invalid={problem !== ''}
              aria-describedby={`${fieldId}-problem`}
              onChange={(event) => setAmount(event.target.value)}
            />
            <span id={`${fieldId}-problem`} className="error" role="alert">
              {problem}
            </span>
          </>
        )}
      </td>
      <td className="transfer-buttons">
        <button className="button" type="button" disabled={disabled} aria-label={t('transferInOf', { venue: name })} onClick={() => void move('in')}>
          {t('transferIn')}
        </button>
        <button className="button secondary" type="button" disabled={disabled} aria-label={t('transferOutOf', { venue: name })} onClick={() => void move('out')}>
          {t('transferOut')}
        </button>
      </td>
    </tr>
  );
}
