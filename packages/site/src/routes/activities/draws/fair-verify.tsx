import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $session, fairMine, verifyFairRecord, type DrawRecord, type FairCheck } from '@lobby/sdk';
import { DateTime } from '../../../app/date-time.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { drawTexts } from './texts.js';
import { useRead } from './use-draws.js';

type Text = ReturnType<typeof usePageTexts<keyof (typeof drawTexts)['en']>>;

const resultText = (result: DrawRecord['fair']['result']) => (Array.isArray(result) ? result.join(', ') : String(result));

/**
 * The member's records of an activity with the fairness verify view: each record shows its
 * round, seed hash, client seed, nonce, rule and result; once the round's seed is revealed the
 * Verify button recomputes the result here with WebCrypto (sdk verifyFairRecord) and says
 * whether the seed matches its published hash and the result matches. `version` reloads the
 * list (after a draw). Nothing for a visitor.
 */
export function FairRecords({ activityId, version, title }: { activityId: number; version: number; title: string }) {
  const text = usePageTexts(drawTexts);
  const loggedIn = Boolean(useStore($session)?.token);
  const records = useRead((client) => client.call(fairMine, { id: activityId }), `fair:${activityId}:${version}`, loggedIn);
  if (!loggedIn) return null;
  return (
    <section className="activity-panel" aria-labelledby="draw-records-title">
      <h2 id="draw-records-title">{title}</h2>
      <p className="hint">{text('verifyIntro')}</p>
      <ErrorLine error={records.error} />
      {records.data && records.data.list.length === 0 ? <p>{text('noRecords')}</p> : null}
      <ul className="fair-records">
        {(records.data?.list ?? []).map((record) => <FairRecordItem key={record.claimKey} record={record} text={text} />)}
      </ul>
    </section>
  );
}

function FairRecordItem({ record, text }: { record: DrawRecord; text: Text }) {
  const [check, setCheck] = useState<FairCheck | 'busy' | null>(null);
  const { fair } = record;
  const verify = () => {
    setCheck('busy');
    verifyFairRecord(fair).then(setCheck, () => setCheck({ revealed: true, hashMatches: false, resultMatches: false, recomputed: null }));
  };
  const done = check === null || check === 'busy' ? null : check;
  const verdict = !done ? '' : done.hashMatches && done.resultMatches ? 'matches' : 'mismatch';
  const verdictText = check === 'busy' ? text('verifying') : !done ? '' : !done.hashMatches ? text('hashMismatch') : done.resultMatches ? text('matches') : text('mismatch');
  return (
    <li className="fair-record" data-claim={record.claimKey}>
      <span>
        <DateTime at={record.createdAt} /> · {record.awardName || '—'} · {text('money', { money: formatMinor(record.amountMinor, 2) })}
      </span>
      <span className="draw-hash">{text('round', { round: fair.roundKey })} · SHA-256 {fair.seedHash}</span>
      <span className="draw-hash">{text('clientSeed', { seed: fair.clientSeed, nonce: fair.nonce })} · {fair.rule.kind} · {text('result', { result: resultText(fair.result) })}</span>
      {fair.serverSeed ? (
        <>
          <span className="draw-hash">{text('serverSeed', { seed: fair.serverSeed })}</span>
          <span className="claim-row">
            <button className="button" type="button" onClick={verify} disabled={check === 'busy'} aria-busy={check === 'busy'}>
              {text('verify')}
            </button>
            <span className="fair-check" role="status" data-verify={verdict || undefined}>
              {verdictText}
            </span>
          </span>
        </>
      ) : (
        <span className="hint">
          {text('notRevealed')}
          <DateTime at={fair.closesAt} />
        </span>
      )}
    </li>
  );
}
