import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $session, ApiError, breakoutClaim, breakoutInfo, type BreakoutBarrier, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { DateTime } from '../../../app/date-time.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine, RefusalLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { ActivityFrame, ActivityShell, ClaimButton, activityIdOf, useClaim, type LoadedActivity } from '../shared/index.js';
import { breakoutTexts } from './texts.js';

type Info = CallResponse<typeof breakoutInfo>;
type Text = ReturnType<typeof usePageTexts<keyof (typeof breakoutTexts)['en']>>;
const money = (minor: number) => formatMinor(minor, 2);

/**
 * /app/breakout/{activityId}: breakout (issue 20; spec section 3 "Breakout", section 4
 * "Barrier status"; docs/RED-PACKET-RAIN.md). The barriers in order with their status, the
 * member's points in each, and every step with its prize to take once the points reach it.
 */
export function BreakoutPage() {
  const id = activityIdOf(useParams().activityId);
  return <ActivityShell id={id}>{(load) => <Breakout load={load} />}</ActivityShell>;
}

function useBreakout(activityId: number) {
  const { client } = useLobby();
  const token = useStore($session)?.token ?? '';
  const [attempt, setAttempt] = useState(0);
  const [info, setInfo] = useState<Info | undefined>(undefined);
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    client.call(breakoutInfo, { activityId }).then(
      (answer) => current && (setInfo(answer), setError('')),
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, activityId, token, attempt]);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { info, error, reload };
}

function Breakout({ load }: { load: LoadedActivity }) {
  const text = usePageTexts(breakoutTexts);
  const { client } = useLobby();
  const loggedIn = Boolean(useStore($session)?.token);
  const { info, error, reload } = useBreakout(load.detail.id);
  const { claim, busy, refusal } = useClaim(reload);
  const [done, setDone] = useState('');
  const receive = (barrierNo: number, stepNo: number, termsVersion: number) => {
    setDone('');
    const request = { activityId: load.detail.id, barrierNo, stepNo, termsVersion };
    void claim(request, (key) => client.call(breakoutClaim, request, { idempotencyKey: key })).then((answer) => answer && setDone(text('paid', { money: money(answer.amountMinor) })));
  };
  return (
    <ActivityFrame load={load}>
      {error ? <ErrorLine error={error} /> : null}
      {!info ? <p className="content-loading">{text('loading')}</p> : (
        <>
          {info.webMainPicture ? <img className="activity-banner" src={info.webMainPicture} alt="" width={960} height={240} /> : null}
          <p>{text(`earn_${info.metric}`, { money: money(info.minorPerPoint) })}{info.prizePoolId ? ` · ${text('pool', { id: info.prizePoolId })}` : ''}</p>
          {!loggedIn ? <p>{text('logIn')}</p> : null}
          <ol className="activity-cards breakout-path">
            {info.barriers.map((barrier) => (
              <Barrier key={barrier.barrierNo} barrier={barrier} info={info} text={text} busy={busy} loggedIn={loggedIn} onReceive={receive} />
            ))}
          </ol>
          {done ? <p className="notice activity-done" role="status">{done}</p> : null}
          <RefusalLine refusal={refusal} />
        </>
      )}
    </ActivityFrame>
  );
}

function Barrier(props: { barrier: BreakoutBarrier; info: Info; text: Text; busy: boolean; loggedIn: boolean; onReceive: (barrierNo: number, stepNo: number, termsVersion: number) => void }) {
  const { barrier, info, text } = props;
  const pointsName = info.carousel[barrier.barrierNo]?.pointsName ?? '';
  return (
    <li className="activity-card" data-barrier={barrier.barrierNo} data-barrier-status={barrier.barrierStaus}>
      <div className="activity-card-body">
        <h2>{barrier.title}</h2>
        <p>
          <span className={`activity-status status-${barrier.barrierStaus}`}>{text(`barrier${barrier.barrierStaus}` as 'barrier0')}</span>{' '}
          <DateTime at={barrier.startsAt} /> – <DateTime at={barrier.endsAt} />
        </p>
        {props.loggedIn ? <p data-points={barrier.pointsBalance}>{text('points', { name: pointsName, points: barrier.pointsBalance })}</p> : null}
        <ul className="activity-claims">
          {barrier.steps.map((step) => (
            <li key={step.stepNo} data-step={step.stepNo}>
              <span>{text('step', { n: step.stepNo + 1, points: step.points, money: money(step.prizeMinor) })}</span>
              {props.loggedIn ? (
                <ClaimButton termsVersion={info.termsVersion} busy={props.busy} disabled={!step.reached || step.claimed || barrier.barrierStaus === 0 || info.status !== 1} onClaim={(version) => props.onReceive(barrier.barrierNo, step.stepNo, version)}>
                  {step.claimed ? text('received') : step.reached ? text('receive') : text('notReached')}
                </ClaimButton>
              ) : null}
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}
