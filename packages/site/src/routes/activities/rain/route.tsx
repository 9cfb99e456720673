import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $session, formatClock, RAIN_STATUS, redPacketRainGrab, type RainInfo, type RainRound } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { DateTime } from '../../../app/date-time.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { useCountdown } from '../../../modules/countdown.js';
import { ErrorLine, RefusalLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { ActivityFrame, ActivityShell, ClaimButton, activityIdOf, useClaim, type LoadedActivity } from '../shared/index.js';
import { installRainStyles } from './rain-styles.js';
import { rainTexts } from './texts.js';
import { grabIdentity, useRain, useRainRounds } from './use-rain.js';
import { verifyRainRound, type RainCheck } from './verify-rain.js';

type Text = ReturnType<typeof usePageTexts<keyof (typeof rainTexts)['en']>>;
const money = (minor: number) => formatMinor(minor, 2);

/**
 * /app/redPackRain/{activityId}: red-packet rain (issue 20; docs/RED-PACKET-RAIN.md). The
 * countdown to the next rain as minutes:seconds (the rain's status starts as before opening,
 * spec section 4), the grab button while it rains, the packets left, the member's packets,
 * and the split's verification once a rain closed.
 */
export function RedPackRainPage() {
  const id = activityIdOf(useParams().activityId);
  return <ActivityShell id={id}>{(load) => <RedPackRain load={load} />}</ActivityShell>;
}

function RedPackRain({ load }: { load: LoadedActivity }) {
  installRainStyles();
  const text = usePageTexts(rainTexts);
  const { info, loadedAtMs, error, reload } = useRain(load.detail.id);
  return (
    <ActivityFrame load={load} showClaims={false}>
      {error ? <ErrorLine error={error} /> : null}
      {!info ? <p className="content-loading">{text('loading')}</p> : (
        <>
          <RainField info={info} loadedAtMs={loadedAtMs} reload={reload} text={text} />
          <MyGrabs info={info} text={text} />
          <Fairness activityId={info.activityId} text={text} />
        </>
      )}
    </ActivityFrame>
  );
}

function RainField({ info, loadedAtMs, reload, text }: { info: RainInfo; loadedAtMs: number; reload: () => void; text: Text }) {
  const { client } = useLobby();
  const loggedIn = Boolean(useStore($session)?.token);
  const { claim, busy, refusal } = useClaim(reload);
  const [grabbed, setGrabbed] = useState('');
  const left = useCountdown(info.rainStatus === RAIN_STATUS.ended ? null : info.countdownSeconds, loadedAtMs, reload);
  const raining = info.rainStatus === RAIN_STATUS.raining && info.current !== null;
  const session = info.current ?? info.next;
  const grabsLeft = info.grabsPerMember - info.myGrabsThisSession;

  const grab = (termsVersion: number) => {
    setGrabbed('');
    void claim(grabIdentity(info, termsVersion), (key) =>
      client.call(redPacketRainGrab, { activityId: info.activityId, termsVersion }, { idempotencyKey: key }),
    ).then((answer) => {
      if (answer) setGrabbed(text('grabbed', { money: money(answer.amountMinor), wallet: answer.wallet === 'bonus' ? text('walletBonus') : text('walletCentre') }));
    });
  };

  return (
    <section className="rain-field" aria-labelledby="rain-title" data-rain-status={info.rainStatus}>
      <h2 id="rain-title">{text(`status${info.rainStatus}` as 'status0')}</h2>
      {raining ? <div className="rain-drops" aria-hidden="true"><span /><span /><span /><span /><span /><span /></div> : null}
      {left !== null && info.rainStatus !== RAIN_STATUS.ended ? (
        <p>
          {raining ? text('endsIn') : text('nextIn')}{' '}
          <span className="rain-clock" role="timer" aria-live="off" data-countdown>{formatClock(left)}</span>
        </p>
      ) : null}
      <p>{text('sessionLine', { money: money(info.sessionBudgetMinor), packets: info.packetsPerSession, grabs: info.grabsPerMember })}</p>
      {raining && info.current ? <p data-packets-left={info.current.packetsLeft}>{text('packetsLeft', { left: info.current.packetsLeft, total: info.current.packetCount })}</p> : null}
      {raining && loggedIn ? <p>{text('myThisSession', { count: info.myGrabsThisSession, grabs: info.grabsPerMember })}</p> : null}
      {loggedIn ? (
        <ClaimButton termsVersion={info.termsVersion} busy={busy} disabled={!raining || grabsLeft <= 0 || info.current?.packetsLeft === 0} onClaim={grab}>
          {text('grab')}
        </ClaimButton>
      ) : (
        <p>{text('logIn')}</p>
      )}
      {grabbed ? <p className="rain-grabbed" role="status">{grabbed}</p> : null}
      <RefusalLine refusal={refusal} />
      {session && session.seedHash ? (
        <p className="rain-hash">
          {text('seedHash')}: {session.seedHash}
        </p>
      ) : null}
      {info.gamePlatforms.length > 0 ? <p>{text('platforms', { list: info.gamePlatforms.map((entry) => entry.gamePlatform).join(', ') })}</p> : null}
    </section>
  );
}

function MyGrabs({ info, text }: { info: RainInfo; text: Text }) {
  const loggedIn = Boolean(useStore($session)?.token);
  if (!loggedIn) return null;
  return (
    <section className="activity-panel" aria-labelledby="rain-mine-title">
      <h2 id="rain-mine-title">{text('myGrabs')}</h2>
      {info.myGrabs.length === 0 ? <p>{text('noGrabs')}</p> : (
        <ul className="rain-list" data-my-grabs>
          {info.myGrabs.map((grab) => (
            <li key={`${grab.sessionKey}:${grab.packetNo}`} data-amount-minor={grab.amountMinor}>
              <DateTime at={grab.grabbedAt} />
              <span>{text('grabLine', { money: money(grab.amountMinor) })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** A round's check in words; nothing before it ran. */
function checkText(check: RainCheck | undefined, text: Text): string {
  if (check === undefined) return '';
  return text(check === 'unavailable' ? 'cannotVerify' : check);
}

/** A revealed round's values, to recompute its split elsewhere when this browser cannot. */
function RoundValues({ round, text }: { round: RainRound; text: Text }) {
  return (
    <dl className="fair-data" data-rain-values>
      <dt>{text('valueServerSeed')}</dt>
      <dd><code>{round.serverSeed}</code></dd>
      <dt>{text('valueSeedHash')}</dt>
      <dd><code>{round.seedHash}</code></dd>
      <dt>{text('valueClientSeed')}</dt>
      <dd><code>{round.clientSeed}</code></dd>
      <dt>{text('valueNonce')}</dt>
      <dd><code>{round.nonce}</code></dd>
      <dt>{text('valueSplit')}</dt>
      <dd>{text('valueSplitLine', { total: money(round.totalMinor), parts: round.parts, least: money(round.minEachMinor) })}</dd>
      <dt>{text('valuePackets')}</dt>
      <dd><code>{round.packetsMinor.map(money).join(' ')}</code></dd>
    </dl>
  );
}

function Fairness({ activityId, text }: { activityId: number; text: Text }) {
  const { rounds, load } = useRainRounds(activityId);
  const [checks, setChecks] = useState<Record<number, RainCheck>>({});
  const verify = (round: RainRound) => {
    void verifyRainRound(round).then((check) => setChecks((all) => ({ ...all, [round.sessionKey]: check })));
  };
  return (
    <section className="activity-panel" aria-labelledby="rain-fair-title">
      <h2 id="rain-fair-title">{text('fairness')}</h2>
      <p>{text('fairnessHint')}</p>
      {rounds === undefined ? (
        <button className="button" type="button" onClick={load}>{text('fairness')}</button>
      ) : (
        <ul className="rain-list" data-rain-rounds>
          {rounds.map((round) => (
            <li key={round.sessionKey} data-session-key={round.sessionKey}>
              <span>{text('session', { time: new Date(round.opensAt).toLocaleString() })}</span>
              {round.serverSeed ? (
                <>
                  <button className="button" type="button" onClick={() => verify(round)}>{text('verify')}</button>
                  <span role="status">{checkText(checks[round.sessionKey], text)}</span>
                  {checks[round.sessionKey] === 'unavailable' ? <RoundValues round={round} text={text} /> : null}
                </>
              ) : <span>{text('notRevealed')}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
