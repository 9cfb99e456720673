import { useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language, campaignGuessInfo, campaignGuessPlace, type GuessFixture, type GuessInfo, type GuessRecord } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { DateTime } from '../../app/date-time.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { ErrorLine } from '../../modules/error-line.js';
import { runRefusable, type Refusal } from '../../modules/refusal.js';
import { formatMinor } from '../../modules/wallet-amount.js';
import { ActivityFrame, type LoadedActivity } from '../activities/shared/index.js';
import { installCampaignStyles } from './campaign-styles.js';
import { campaignTexts, type CampaignText } from './texts.js';
import { useCallData, useLoggedIn } from './use-campaign.js';

const money = (minor: number) => formatMinor(minor, 2);
const STATUS_TEXT = { scheduled: 'statusScheduled', live: 'statusLive', ended: 'statusEnded', cancelled: 'statusCancelled' } as const;
const STATE_TEXT = { open: 'stateOpen', won: 'stateWon', lost: 'stateLost', void: 'stateVoid' } as const;

/** The match's name in the page's language. */
function matchName(fixture: GuessFixture, english: boolean): string {
  return english ? `${fixture.homeEn} v ${fixture.awayEn}` : `${fixture.homeZh} 对 ${fixture.awayZh}`;
}

/** A pick in words: home, draw, away, or the score itself. */
function pickName(pick: string, text: CampaignText): string {
  if (pick === 'home') return text('pickHome');
  if (pick === 'draw') return text('pickDraw');
  if (pick === 'away') return text('pickAway');
  return pick;
}

/**
 * The guess page (world-cup-guess, surviving, champions league): the rules, the football
 * fixtures of the sports feed with the picks the mode allows while they are open, and the
 * member's guesses with how they were settled.
 */
export function GuessView({ load }: { load: LoadedActivity }) {
  installCampaignStyles();
  const text = usePageTexts(campaignTexts);
  const { data: info, error, reload } = useCallData(campaignGuessInfo, { activityId: load.detail.id });
  return (
    <ActivityFrame load={load} showClaims={false}>
      <ErrorLine error={error} />
      {!info ? <p className="content-loading">{text('loading')}</p> : <Guesses info={info} reload={reload} text={text} />}
    </ActivityFrame>
  );
}

function Guesses({ info, reload, text }: { info: GuessInfo; reload: () => void; text: CampaignText }) {
  const { client } = useLobby();
  const loggedIn = useLoggedIn();
  const english = useStore($language) === 'en';
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [placed, setPlaced] = useState('');
  const rules = info.mode === 'score' ? 'modeScore' : info.mode === 'survivor' ? 'modeSurvivor' : 'modeResult';
  const canPick = loggedIn && !info.eliminated && info.guessesLeft > 0;

  const place = (fixture: GuessFixture, pick: string) => {
    setPlaced('');
    void runRefusable(setBusy, setRefusal, () => client.call(campaignGuessPlace, { activityId: info.activityId, termsVersion: info.termsVersion, fixtureId: fixture.fixtureId, pick })).then((answer) => {
      if (answer) setPlaced(text('placed', { match: matchName(fixture, english), pick: pickName(pick, text) }));
      reload();
    });
  };

  return (
    <>
      <section className="activity-panel" aria-labelledby="guess-fixtures-title" data-guess-mode={info.mode}>
        <p className="campaign-rules">{text(rules, { money: money(info.rewardMinor) })}</p>
        {loggedIn ? <p data-guesses-left={info.guessesLeft}>{text('guessesLeft', { left: info.guessesLeft, total: info.guessesPerMember })}</p> : <p>{text('logIn')}</p>}
        {info.eliminated ? <p className="notice" role="status">{text('eliminated')}</p> : null}
        <h2 id="guess-fixtures-title">{text('fixtures')}</h2>
        {placed ? <p role="status" className="notice">{placed}</p> : null}
        <ErrorLine error={refusal ? refusal.message : ''} />
        {info.fixtures.length === 0 ? <p>{text('noFixtures')}</p> : (
          <ul className="campaign-fixtures">
            {info.fixtures.map((fixture) => (
              <li key={fixture.fixtureId} data-fixture-id={fixture.fixtureId} data-fixture-status={fixture.status}>
                <span className="campaign-match">{matchName(fixture, english)}</span>
                <span>{text('kickOff')}: <DateTime at={fixture.startsAt} /></span>
                <span>{text(STATUS_TEXT[fixture.status])}{fixture.status === 'scheduled' ? '' : ` ${fixture.homeScore}-${fixture.awayScore}`}</span>
                {fixture.open && canPick ? (
                  <Picks fixture={fixture} mode={info.mode} busy={busy} onPick={(pick) => place(fixture, pick)} label={matchName(fixture, english)} text={text} />
                ) : fixture.open ? null : <span>{text('closed')}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      {loggedIn ? <MyGuesses guesses={info.myGuesses} text={text} /> : null}
    </>
  );
}

function Picks({ fixture, mode, busy, onPick, label, text }: { fixture: GuessFixture; mode: GuessInfo['mode']; busy: boolean; onPick: (pick: string) => void; label: string; text: CampaignText }) {
  const [home, setHome] = useState('0');
  const [away, setAway] = useState('0');
  if (mode === 'score') {
    const valid = /^[0-9]$/.test(home) && /^[0-9]$/.test(away);
    return (
      <form className="campaign-picks" onSubmit={(event) => { event.preventDefault(); if (valid) onPick(`${home}-${away}`); }}>
        <label>{text('homeGoals')} <input type="number" min={0} max={9} inputMode="numeric" value={home} onChange={(event) => setHome(event.target.value)} /></label>
        <label>{text('awayGoals')} <input type="number" min={0} max={9} inputMode="numeric" value={away} onChange={(event) => setAway(event.target.value)} /></label>
        <button className="button" type="submit" disabled={busy || !valid} aria-label={text('pickFor', { match: label, pick: text('guessScore') })}>{text('guessScore')}</button>
      </form>
    );
  }
  const picks = mode === 'survivor' ? ['home', 'away'] : ['home', 'draw', 'away'];
  return (
    <span className="campaign-picks" role="group" aria-label={label} data-picks={fixture.fixtureId}>
      {picks.map((pick) => (
        <button key={pick} className="button" type="button" disabled={busy} data-pick={pick} aria-label={text('pickFor', { match: label, pick: pickName(pick, text) })} onClick={() => onPick(pick)}>
          {pickName(pick, text)}
        </button>
      ))}
    </span>
  );
}

function MyGuesses({ guesses, text }: { guesses: GuessRecord[]; text: CampaignText }) {
  return (
    <section className="activity-panel" aria-labelledby="guess-mine-title">
      <h2 id="guess-mine-title">{text('myGuesses')}</h2>
      {guesses.length === 0 ? <p>{text('noGuesses')}</p> : (
        <ul className="campaign-list" data-my-guesses>
          {guesses.map((guess) => (
            <li key={guess.fixtureId} data-guess-state={guess.state} data-fixture-id={guess.fixtureId}>
              <span className="campaign-match">{guess.match}</span>
              <span>{pickName(guess.pick, text)}</span>
              <span className={`campaign-state-${guess.state}`}>{text(STATE_TEXT[guess.state])}</span>
              {guess.rewardMinor > 0 ? <span>{text('paidLine', { money: money(guess.rewardMinor) })}</span> : null}
              {guess.note ? <span>{guess.note}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
