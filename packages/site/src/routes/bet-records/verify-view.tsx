import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language, ApiError, betRecordDetail, formatMoney, type BetRecord, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { Modal } from '../../app/auth/modal.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { betRecordTexts } from './texts.js';
import { verifyRound, type Verification } from './verify-round.js';

type Detail = CallResponse<typeof betRecordDetail>;

/** Fetches the round's verification data, recomputes it in the browser and says whether it matches. */
export function VerifyView({ record, onClose }: { record: BetRecord; onClose: () => void }) {
  const t = usePageTexts(betRecordTexts);
  const { client } = useLobby();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [verification, setVerification] = useState<Verification | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    let current = true;
    client
      .call(betRecordDetail, { id: record.id })
      .then(async (answer) => {
        if (!current) return;
        setDetail(answer);
        const checked = await verifyRound(answer.round);
        if (current) setVerification(checked);
      })
      .catch((failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)));
    return () => {
      current = false;
    };
  }, [client, record.id]);

  return (
    <Modal title={t('verifyTitle')} closeLabel={t('close')} onClose={onClose}>
      <div className="verify-view" data-round={record.roundId}>
        {error ? (
          <p className="error" role="alert">
            {t('failed', { reason: error })}
          </p>
        ) : !verification || !detail ? (
          <p role="status">{t('checking')}</p>
        ) : (
          <VerificationResult detail={detail} verification={verification} />
        )}
      </div>
    </Modal>
  );
}

function VerificationResult({ detail, verification }: { detail: Detail; verification: Verification }) {
  const t = usePageTexts(betRecordTexts);
  const language = useStore($language);
  const round = detail.round;
  if (verification.kind === 'unavailable' || !round) return <p role="status">{t('unavailable')}</p>;
  if (verification.kind === 'unknownGame') return <p role="status">{t('unknownGame', { game: verification.gameCode })}</p>;
  const facts: [string, string][] = [
    [t('serverSeedHash'), round.serverSeedHash],
    [t('clientSeed'), round.clientSeed],
    [t('nonce'), String(round.nonce)],
    [t('providerResult'), detail.record.result || resultOf(round.outcome)],
  ];
  if (verification.kind === 'unrevealed') {
    return (
      <>
        <Facts facts={facts} />
        <p className="notice" role="status" data-verify="unrevealed">
          {t('unrevealed')}
        </p>
      </>
    );
  }
  facts.splice(1, 0, [t('serverSeed'), round.serverSeed ?? '']);
  facts.push([t('recomputed'), `${verification.result} (${t('payout')} ${formatMoney(verification.payoutMinor, 2, language)})`]);
  const matches = verification.hashMatches && verification.outcomeMatches;
  return (
    <>
      <Facts facts={facts} />
      <p role="status">{verification.hashMatches ? t('hashMatches') : t('hashDiffers')}</p>
      <p className={matches ? 'notice' : 'error'} role="status" data-verify={matches ? 'matches' : 'differs'}>
        {matches ? t('matches') : t('differs')}
      </p>
    </>
  );
}

/** The result text of the provider's outcome (the engines' `result`), when the bet record carries none. */
function resultOf(outcome: unknown): string {
  const result = outcome !== null && typeof outcome === 'object' ? (outcome as { result?: unknown }).result : undefined;
  return typeof result === 'string' ? result : '';
}

function Facts({ facts }: { facts: [string, string][] }) {
  return (
    <dl className="verify-facts">
      {facts.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
