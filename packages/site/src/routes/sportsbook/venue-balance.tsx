import { useId, useState, type FormEvent } from 'react';
import { ApiError, t as sdkText } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { formatMinor, parseAmount } from '../../modules/wallet-amount.js';
import { useSportsbook } from './context.js';
import { sportsbookTexts } from './texts.js';

/**
 * What a transfer-in's answer tells the member: done, being checked (`pending`: the venue has
 * not answered in time, the server reconciles it with the same transfer id, the money is held,
 * never lost), or refused.
 *
 * @example transferNoteOf('pending') // { key: 'transferPending', error: false }
 */
export function transferNoteOf(state: 'completed' | 'pending' | 'failed'): { key: 'transferDone' | 'transferPending' | 'transferFailed'; error: boolean } {
  if (state === 'completed') return { key: 'transferDone', error: false };
  if (state === 'pending') return { key: 'transferPending', error: false };
  return { key: 'transferFailed', error: true };
}

/**
 * The member's balance at the venue (bets are paid from it) and a transfer in from the centre
 * wallet by the existing venue transfer call (the sportsbook api keeps its idempotency key for a
 * retry after no answer, and takes a new one after any answer).
 */
export function VenueBalance({ balanceMinor, onBalance }: { balanceMinor: number | null; onBalance: (minor: number) => void }) {
  const t = usePageTexts(sportsbookTexts);
  const { api, venueName } = useSportsbook();
  const id = useId();
  const [amount, setAmount] = useState('');
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ text: string; error: boolean } | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = parseAmount(amount, { decimals: 2 });
    if (!parsed.ok) {
      setNote({ text: t(parsed.problem), error: true });
      return;
    }
    setBusy(true);
    try {
      const answer = await api.transferIn(parsed.minor);
      const note = transferNoteOf(answer.state);
      if (answer.state === 'completed') onBalance(answer.balanceMinor);
      // A pending transfer may still complete: the amount is cleared so it is not sent again.
      if (answer.state !== 'failed') setAmount('');
      setNote({ text: t(note.key, { amount: formatMinor(parsed.minor, 2), reason: answer.message }), error: note.error });
    } catch (failure) {
      setNote({ text: t('transferFailed', { reason: failure instanceof ApiError ? failure.message : sdkText('requestFailed') }), error: true });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="venue-balance" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('venueBalance', { venue: venueName })}</h2>
      <p className="venue-balance-value" data-balance>
        {balanceMinor === null ? t('loading') : t('venueBalanceValue', { amount: formatMinor(balanceMinor, 2) })}
      </p>
      <form className="transfer-in" onSubmit={(event) => void submit(event)}>
        <label>
          <span>{t('transferAmount')}</span>
          <input type="text" inputMode="decimal" autoComplete="off" value={amount} onChange={(event) => setAmount(event.target.value)} />
        </label>
        <button type="submit" className="button" disabled={busy}>
          {t('transferIn')}
        </button>
      </form>
      {note ? (
        <p className={note.error ? 'notice error' : 'notice'} role={note.error ? 'alert' : 'status'}>
          {note.text}
        </p>
      ) : null}
    </section>
  );
}
