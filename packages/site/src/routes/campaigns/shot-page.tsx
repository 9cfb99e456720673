import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  campaignShotDemoKick, campaignShotDemoStart, campaignShotInfo, campaignShotKick, campaignShotStart, verifyFairRecord, type ShotInfo, type ShotResult, type ShotRound,
} from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { ErrorLine } from '../../modules/error-line.js';
import { runRefusable, type Refusal } from '../../modules/refusal.js';
import { formatMinor } from '../../modules/wallet-amount.js';
import { ActivityFrame, installActivityStyles, useClaim, type LoadedActivity } from '../activities/shared/index.js';
import { installCampaignStyles } from './campaign-styles.js';
import { campaignTexts, type CampaignText } from './texts.js';
import { useCallData, useLoggedIn } from './use-campaign.js';

const money = (minor: number) => formatMinor(minor, 2);
const SIDES = ['left', 'centre', 'right'] as const;
const SHOOT = ['shootLeft', 'shootCentre', 'shootRight'] as const;
type Direction = 0 | 1 | 2;

/** /app/football-shot/{id}: three shots a day against a keeper whose dive is committed first; a goal pays from the budget. */
export function ShotView({ load }: { load: LoadedActivity }) {
  installCampaignStyles();
  const text = usePageTexts(campaignTexts);
  const { data: info, error, reload } = useCallData(campaignShotInfo, { activityId: load.detail.id });
  const loggedIn = useLoggedIn();
  return (
    <ActivityFrame load={load}>
      <ErrorLine error={error} />
      {!info ? <p className="content-loading">{text('loading')}</p> : (
        <section className="activity-panel" aria-labelledby="shot-title">
          <h2 id="shot-title">{text('shotRules', { shots: info.shotsPerDay, money: money(info.goalPrizeMinor) })}</h2>
          {loggedIn ? <p data-shots-left={info.shotsLeft}>{text('shotsLeft', { left: info.shotsLeft })}</p> : <p>{text('logIn')}</p>}
          {loggedIn ? <RealGame info={info} reload={reload} text={text} /> : null}
          <p><Link to="/app/football-shot-demo">{text('tryDemo')}</Link></p>
          {loggedIn ? <MyShots shots={info.myShots} text={text} /> : null}
        </section>
      )}
    </ActivityFrame>
  );
}

function RealGame({ info, reload, text }: { info: ShotInfo; reload: () => void; text: CampaignText }) {
  const { client } = useLobby();
  const [round, setRound] = useState<ShotRound | null>(null);
  const [result, setResult] = useState<ShotResult | null>(null);
  const [starting, setStarting] = useState(false);
  const [startRefusal, setStartRefusal] = useState<Refusal | null>(null);
  const { claim, busy, refusal } = useClaim(reload);
  const start = () => {
    setResult(null);
    void runRefusable(setStarting, setStartRefusal, () => client.call(campaignShotStart, { activityId: info.activityId })).then((answer) => answer && setRound(answer));
  };
  const kick = (direction: Direction) => {
    if (!round) return;
    void claim({ shot: round.roundId, direction }, (key) =>
      client.call(campaignShotKick, { activityId: info.activityId, roundId: round.roundId, direction, termsVersion: info.termsVersion }, { idempotencyKey: key }),
    ).then((answer) => {
      if (!answer) return;
      setResult(answer);
      setRound(null);
    });
  };
  return (
    <>
      <ErrorLine error={startRefusal?.message ?? refusal?.message ?? ''} />
      <Game round={round} result={result} busy={busy || starting} canStart={info.shotsLeft > 0} onStart={start} onKick={kick} text={text} />
    </>
  );
}

/** /app/football-shot-demo: the same game for practice, no login and no money. */
export function ShotDemo() {
  installActivityStyles();
  installCampaignStyles();
  const text = usePageTexts(campaignTexts);
  const { client } = useLobby();
  const [round, setRound] = useState<ShotRound | null>(null);
  const [result, setResult] = useState<ShotResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const start = () => {
    setResult(null);
    void runRefusable(setBusy, setRefusal, () => client.call(campaignShotDemoStart, {})).then((answer) => answer && setRound(answer));
  };
  const kick = (direction: Direction) => {
    if (!round) return;
    void runRefusable(setBusy, setRefusal, () => client.call(campaignShotDemoKick, { roundId: round.roundId, direction })).then((answer) => {
      if (!answer) return;
      setResult(answer);
      setRound(null);
    });
  };
  return (
    <section className="activity-page" aria-labelledby="shot-demo-title">
      <h1 id="shot-demo-title" className="page-title">{text('goal')}: {text('tryDemo')}</h1>
      <p>{text('demoRules')}</p>
      <ErrorLine error={refusal?.message ?? ''} />
      <Game round={round} result={result} busy={busy} canStart onStart={start} onKick={kick} text={text} />
      <p><Link to="/worldCupLanding">{text('playReal')}</Link></p>
    </section>
  );
}

/** The goal: start commits a shot (its hash shown), then three buttons shoot left, centre or right; the result and its check follow. */
function Game(props: { round: ShotRound | null; result: ShotResult | null; busy: boolean; canStart: boolean; onStart: () => void; onKick: (direction: Direction) => void; text: CampaignText }) {
  const { round, result, busy, canStart, onStart, onKick, text } = props;
  return (
    <div data-shot-game>
      {round ? (
        <>
          <p className="shot-hash">{text('committed', { hash: round.seedHash })}</p>
          <div className="shot-goal" role="group" aria-label={text('goal')}>
            {SHOOT.map((key, direction) => (
              <button key={key} className="button" type="button" disabled={busy} data-direction={direction} onClick={() => onKick(direction as Direction)}>{text(key)}</button>
            ))}
          </div>
        </>
      ) : (
        <button className="button" type="button" disabled={busy || !canStart} onClick={onStart} data-shot-start>{result ? text('nextShot') : text('start')}</button>
      )}
      {result ? <Outcome result={result} text={text} /> : null}
    </div>
  );
}

function Outcome({ result, text }: { result: ShotResult; text: CampaignText }) {
  const [check, setCheck] = useState('');
  const verify = () => {
    void verifyFairRecord({ serverSeed: result.serverSeed, seedHash: result.seedHash, clientSeed: result.clientSeed, nonce: result.nonce, rule: { kind: 'pick', weights: [1, 1, 1] }, result: result.keeper })
      .then((answer) => setCheck(answer.hashMatches && answer.resultMatches ? text('verified') : text('notVerified')));
  };
  return (
    <div role="status" data-shot-result={result.goal ? 'goal' : 'saved'}>
      <p className="shot-result">{result.goal ? text('scored') : text('saved')}</p>
      <p>{text('keeperWent', { side: text(SIDES[result.keeper]), shot: text(SIDES[result.direction]) })}</p>
      {result.prizeMinor > 0 ? <p>{text('prize', { money: money(result.prizeMinor) })}</p> : null}
      <button className="button" type="button" onClick={verify}>{text('verify')}</button> <span>{check}</span>
    </div>
  );
}

function MyShots({ shots, text }: { shots: ShotResult[]; text: CampaignText }) {
  if (shots.length === 0) return null;
  return (
    <>
      <h3>{text('myShots')}</h3>
      <ul className="campaign-list">
        {shots.map((shot) => (
          <li key={shot.roundId}>
            <span>{shot.goal ? text('scored') : text('saved')}</span>
            <span>{text('keeperWent', { side: text(SIDES[shot.keeper]), shot: text(SIDES[shot.direction]) })}</span>
            {shot.prizeMinor > 0 ? <span>{money(shot.prizeMinor)}</span> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
