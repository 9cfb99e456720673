import { useCallback, useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, topGiftDividend, topGiftList, topGiftUserInfo, toMinor, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { ClaimButton, useClaim } from '../shared/index.js';
import { giftTexts } from './texts.js';

const yuan = (value: number) => formatMinor(toMinor(value, 2), 2);

/** The top gift's turnover ranking (top 20, names masked by the server), the member's rank and its dividend with the claim button once the ranking has ended. */
export function TopGiftRanking({ activityId, attempt, termsVersion }: { activityId: number; attempt: number; termsVersion: number }) {
  const { client } = useLobby();
  const text = usePageTexts(giftTexts);
  const session = useStore($session);
  const [list, setList] = useState<CallResponse<typeof topGiftList>['list']>([]);
  const [mine, setMine] = useState<CallResponse<typeof topGiftUserInfo> | null>(null);
  const [own, setOwn] = useState(0);
  const afterAnswer = useCallback(() => setOwn((value) => value + 1), []);
  const { claim, busy, refusal } = useClaim(afterAnswer);
  const [done, setDone] = useState('');
  useEffect(() => {
    let current = true;
    client.call(topGiftList, { activityId }).then(
      (answer) => current && setList(answer.list),
      () => current && setList([]),
    );
    if (session) {
      client.call(topGiftUserInfo, { activityId }).then(
        (answer) => current && setMine(answer),
        () => current && setMine(null),
      );
    }
    return () => {
      current = false;
    };
  }, [client, activityId, attempt, own, session]);

  async function claimDividend(version: number) {
    setDone('');
    const request = { activityId, termsVersion: version };
    const answer = await claim(request, (idempotencyKey) => client.call(topGiftDividend, request, { idempotencyKey }));
    if (answer) setDone(text('takenMoney', { money: yuan(answer.amount) }));
  }

  return (
    <section className="activity-panel" aria-labelledby="top-gift-ranking-title">
      <h2 id="top-gift-ranking-title">{text('ranking')}</h2>
      {mine ? (
        <p className="top-gift-mine">
          {text('myRank', { rank: mine.rank ?? '-', turnover: yuan(mine.turnover) })}
          {mine.dividend.amount > 0 ? ` · ${text('dividend', { money: yuan(mine.dividend.amount) })}` : ''}
          {mine.dividend.claimed ? ` · ${text('taken')}` : ''}
        </p>
      ) : null}
      {mine?.dividend.claimable ? (
        <ClaimButton termsVersion={termsVersion} busy={busy} onClaim={(version) => void claimDividend(version)}>
          {text('claimDividend')}
        </ClaimButton>
      ) : null}
      {done ? (
        <p className="notice activity-done" role="status">
          {done}
        </p>
      ) : null}
      <ErrorLine error={refusal ? refusal.message : ''} />
      {list.length === 0 ? (
        <p>{text('noRanking')}</p>
      ) : (
        <table className="gift-table">
          <thead>
            <tr>
              <th scope="col">{text('rank')}</th>
              <th scope="col">{text('member')}</th>
              <th scope="col">{text('turnover')}</th>
            </tr>
          </thead>
          <tbody>
            {list.map((row) => (
              <tr key={row.rank}>
                <td>{row.rank}</td>
                <td>{row.name}</td>
                <td>{yuan(row.turnover)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
