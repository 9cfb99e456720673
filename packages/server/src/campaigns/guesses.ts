/**
 * Guesses on real fixtures of the sports feed (issue 21; docs/CAMPAIGNS.md "Guesses"): the
 * member picks before kick-off; when the feed ends the match the guess is settled by its final
 * score and a right guess is paid from the activity's budget through the engine's payReward
 * (claim key `guess:<fixture>`, so it is paid once whoever settles it).
 */
import { CODE, type GuessFixture, type GuessMode, type GuessRecord } from '@lobby/sdk';
import type { Database, Queryable } from '../db/database.js';
import { BusinessError } from '../http/errors.js';
import { activityById, checkClaim, liveActivity, payReward, statusAt, visibleActivity, type Activity } from '../activities/engine/index.js';
import { guessConfigOf } from '../activities/football/config.js';
import { campaignHead } from './shared.js';

const KIND = 'football_guess';
/** Ended fixtures stay on a guess page this long after kick-off. */
const ENDED_SHOWN_MS = 6 * 3_600_000;

interface FixtureRow {
  id: string; league_en: string; league_zh: string; home_en: string; home_zh: string; away_en: string; away_zh: string;
  starts_at: Date; status: 'scheduled' | 'live' | 'ended' | 'cancelled'; home_score: number; away_score: number;
}
const FIXTURE_COLUMNS = 'f.id, f.league_en, f.league_zh, f.home_en, f.home_zh, f.away_en, f.away_zh, f.starts_at, f.status, f.home_score, f.away_score';

/** Guesses are taken on a fixture not kicked off (by the feed and by the clock) inside a live activity's window. */
const fixtureOpen = (row: FixtureRow, activity: Activity, now: Date) =>
  row.status === 'scheduled' && row.starts_at > now && row.starts_at < activity.endsAt && statusAt(activity, now) === 1 && activity.state === 'published';

function fixtureView(row: FixtureRow, activity: Activity, now: Date): GuessFixture {
  return {
    fixtureId: row.id, leagueEn: row.league_en, leagueZh: row.league_zh, homeEn: row.home_en, homeZh: row.home_zh, awayEn: row.away_en, awayZh: row.away_zh,
    startsAt: new Date(row.starts_at).toISOString(), status: row.status, homeScore: row.home_score, awayScore: row.away_score, open: fixtureOpen(row, activity, now),
  };
}

/** Whether a pick is one of the mode's choices. */
export function pickAllowed(mode: GuessMode, pick: string): boolean {
  if (mode === 'score') return /^[0-9]-[0-9]$/.test(pick);
  if (mode === 'survivor') return pick === 'home' || pick === 'away';
  return pick === 'home' || pick === 'draw' || pick === 'away';
}

/** Whether a pick is right for the final score. */
export function pickRight(mode: GuessMode, pick: string, home: number, away: number): boolean {
  if (mode === 'score') return pick === `${home}-${away}`;
  const result = home > away ? 'home' : home < away ? 'away' : 'draw';
  return pick === result;
}

interface GuessRow {
  id: string | number; activity_id: number; member_id: string | number; fixture_id: string; pick: string; terms_version: number; state: GuessRecord['state'];
  reward_minor: string | number; note: string; placed_at: Date; settled_at: Date | null;
  home_en: string | null; away_en: string | null; home_score: number | null; away_score: number | null; status: string | null;
}

function recordOf(row: GuessRow): GuessRecord {
  const score = row.status === 'ended' ? ` ${row.home_score}-${row.away_score}` : '';
  return {
    fixtureId: row.fixture_id, pick: row.pick, state: row.state, placedAt: new Date(row.placed_at).toISOString(),
    settledAt: row.settled_at ? new Date(row.settled_at).toISOString() : null, rewardMinor: Number(row.reward_minor), note: row.note,
    match: row.home_en === null ? row.fixture_id : `${row.home_en} v ${row.away_en}${score}`,
  };
}

const GUESS_SELECT = `SELECT g.*, f.home_en, f.away_en, f.home_score, f.away_score, f.status FROM campaign_guesses g LEFT JOIN sports_fixtures f ON f.id = g.fixture_id`;

async function memberGuesses(q: Queryable, activityId: number, memberId: number): Promise<GuessRecord[]> {
  const { rows } = await q.query<GuessRow>(`${GUESS_SELECT} WHERE g.activity_id = $1 AND g.member_id = $2 ORDER BY g.placed_at DESC, g.id DESC LIMIT 100`, [activityId, memberId]);
  return rows.map(recordOf);
}

async function guessCounts(q: Queryable, activityId: number, memberId: number): Promise<{ placed: number; lost: number }> {
  const { rows } = await q.query<{ placed: number; lost: number }>(
    "SELECT count(*)::int AS placed, count(*) FILTER (WHERE state = 'lost')::int AS lost FROM campaign_guesses WHERE activity_id = $1 AND member_id = $2",
    [activityId, memberId],
  );
  return rows[0] ?? { placed: 0, lost: 0 };
}

/**
 * Settles one open guess by its fixture's end: `won` (paid once through payReward), `lost`, or
 * `void` when the match was cancelled. A won guess the budget cannot pay stays won with a note
 * and no money. Answers whether this call settled it (false when another did first).
 */
async function settleGuess(db: Database, guess: GuessRow, fixture: FixtureRow, now: Date): Promise<boolean> {
  const activity = await activityById(db, guess.activity_id);
  if (!activity) return false;
  const config = guessConfigOf(activity.config);
  const state = fixture.status === 'cancelled' ? 'void' : pickRight(config.mode, guess.pick, fixture.home_score, fixture.away_score) ? 'won' : 'lost';
  const memberId = Number(guess.member_id);
  try {
    return await db.transaction(async (tx) => {
      const updated = await tx.query("UPDATE campaign_guesses SET state = $2, settled_at = $3 WHERE id = $1 AND state = 'open' RETURNING id", [guess.id, state, now]);
      if (updated.rows.length === 0) return false;
      if (state === 'won') {
        const paid = await payReward(tx, {
          activity, memberId, claimKey: `guess:${guess.fixture_id}`, amountMinor: config.rewardMinor, wallet: 'centre', termsVersion: guess.terms_version, now,
          detail: { fixtureId: guess.fixture_id, pick: guess.pick, score: `${fixture.home_score}-${fixture.away_score}` },
        });
        await tx.query('UPDATE campaign_guesses SET reward_minor = $2 WHERE id = $1', [guess.id, paid.amountMinor]);
      }
      return true;
    });
  } catch (error) {
    if (!(error instanceof BusinessError && error.code === CODE.activityBudgetSpent)) throw error;
    const marked = await db.query(
      "UPDATE campaign_guesses SET state = 'won', settled_at = $2, note = 'the budget was spent: not paid' WHERE id = $1 AND state = 'open' RETURNING id",
      [guess.id, now],
    );
    return marked.rows.length > 0;
  }
}

/** Settles every open guess on fixtures that ended or were cancelled (of one activity when named). Answers how many it settled. */
export async function settleDueGuesses(db: Database, now: Date, activityId?: number): Promise<number> {
  const { rows } = await db.query<GuessRow & FixtureRow & { fixture_status: FixtureRow['status'] }>(
    `SELECT g.*, f.home_en, f.away_en, f.home_score, f.away_score, f.status FROM campaign_guesses g JOIN sports_fixtures f ON f.id = g.fixture_id
      WHERE g.state = 'open' AND f.status IN ('ended', 'cancelled') ${activityId === undefined ? '' : 'AND g.activity_id = $1'} ORDER BY g.id LIMIT 200`,
    activityId === undefined ? [] : [activityId],
  );
  let settled = 0;
  for (const row of rows) {
    if (await settleGuess(db, row, row as unknown as FixtureRow, now)) settled += 1;
  }
  return settled;
}

/** Settles the open guesses of one fixture (the feed listener, when the feed ends or cancels the match). */
export async function settleFixtureGuesses(db: Database, fixtureId: string, now: Date): Promise<number> {
  const { rows } = await db.query<GuessRow>(
    `SELECT g.*, f.home_en, f.away_en, f.home_score, f.away_score, f.status FROM campaign_guesses g JOIN sports_fixtures f ON f.id = g.fixture_id
      WHERE g.fixture_id = $1 AND g.state = 'open' AND f.status IN ('ended', 'cancelled') ORDER BY g.id`,
    [fixtureId],
  );
  let settled = 0;
  for (const row of rows) {
    if (await settleGuess(db, row, row as unknown as FixtureRow, now)) settled += 1;
  }
  return settled;
}

/** The football fixtures a guess page lists: open ones by kick-off, then in play, then recently ended. */
export async function guessFixtures(q: Queryable, activity: Activity | null, now: Date, limit = 30): Promise<GuessFixture[]> {
  const from = new Date(Math.max(activity ? activity.startsAt.getTime() - ENDED_SHOWN_MS : 0, now.getTime() - ENDED_SHOWN_MS));
  const to = activity ? activity.endsAt : new Date(now.getTime() + 2 * 86_400_000);
  const { rows } = await q.query<FixtureRow>(
    `SELECT ${FIXTURE_COLUMNS} FROM sports_fixtures f WHERE f.producer = 'sports' AND f.sport = 'football' AND f.status <> 'cancelled' AND f.starts_at >= $1 AND f.starts_at < $2
      ORDER BY CASE f.status WHEN 'scheduled' THEN 0 WHEN 'live' THEN 1 ELSE 2 END, CASE WHEN f.status = 'ended' THEN -extract(epoch FROM f.starts_at) ELSE extract(epoch FROM f.starts_at) END, f.id
      LIMIT $3`,
    [from, to, limit],
  );
  const fake = activity ?? ({ state: 'published', startsAt: new Date(0), endsAt: to } as Activity);
  return rows.map((row) => fixtureView(row, fake, now));
}

/** A guess page (settling this activity's guesses whose match ended first, as the race board does). */
export async function guessInfoOf(db: Database, siteId: number, activityId: number, memberId: number | null, now: Date) {
  const activity = await visibleActivity(db, siteId, activityId, KIND);
  await settleDueGuesses(db, now, activity.id);
  const config = guessConfigOf(activity.config);
  const counts = memberId === null ? { placed: 0, lost: 0 } : await guessCounts(db, activity.id, memberId);
  return {
    ...campaignHead(activity, now), mode: config.mode, rewardMinor: config.rewardMinor, guessesPerMember: config.guessesPerMember,
    fixtures: await guessFixtures(db, activity, now),
    myGuesses: memberId === null ? [] : await memberGuesses(db, activity.id, memberId),
    guessesLeft: Math.max(0, config.guessesPerMember - counts.placed),
    eliminated: config.mode === 'survivor' && counts.lost > 0,
  };
}

/**
 * Places a guess, in one transaction under the member's lock (the engine's checkClaim: terms
 * version, eligibility, rate, abuse rules): the pick one of the mode's, the fixture a football
 * match of the feed not kicked off and inside the window, one guess a fixture, at most
 * `guessesPerMember`, not out (survivor). Every refusal writes nothing.
 */
export async function placeGuess(db: Database, siteId: number, memberId: number, input: { activityId: number; termsVersion: number; fixtureId: string; pick: string }, now: Date) {
  return db.transaction(async (tx) => {
    const activity = await liveActivity(tx, siteId, input.activityId, KIND, now);
    const config = guessConfigOf(activity.config);
    if (!pickAllowed(config.mode, input.pick)) {
      throw new BusinessError('guessPickInvalid', config.mode === 'score' ? 'pick an exact score h-a, 0 to 9 goals a side' : config.mode === 'survivor' ? "pick 'home' or 'away': a survivor picks a winner" : "pick 'home', 'draw' or 'away'");
    }
    const { rows } = await tx.query<FixtureRow>(`SELECT ${FIXTURE_COLUMNS} FROM sports_fixtures f WHERE f.id = $1 AND f.producer = 'sports' AND f.sport = 'football'`, [input.fixtureId]);
    const fixture = rows[0];
    if (!fixture) throw new BusinessError('guessFixtureNotFound', `no football fixture ${input.fixtureId}`);
    if (fixture.starts_at >= activity.endsAt) throw new BusinessError('guessFixtureNotFound', `fixture ${input.fixtureId} kicks off after the activity ends`);
    if (!fixtureOpen(fixture, activity, now)) throw new BusinessError('guessClosed', `fixture ${input.fixtureId} kicked off at ${new Date(fixture.starts_at).toISOString()}`);
    await checkClaim(tx, activity, memberId, now, { termsVersion: input.termsVersion, amountMinor: 0 });
    const again = await tx.query('SELECT 1 FROM campaign_guesses WHERE activity_id = $1 AND member_id = $2 AND fixture_id = $3', [activity.id, memberId, input.fixtureId]);
    if (again.rows.length > 0) throw new BusinessError('guessAlreadyPlaced', `you guessed fixture ${input.fixtureId} already`);
    const counts = await guessCounts(tx, activity.id, memberId);
    if (counts.placed >= config.guessesPerMember) throw new BusinessError('guessLimitReached', `${config.guessesPerMember} guesses a member`);
    if (config.mode === 'survivor' && counts.lost > 0) throw new BusinessError('survivorEliminated', 'a wrong pick put you out');
    await tx.query(
      'INSERT INTO campaign_guesses (activity_id, member_id, fixture_id, pick, terms_version, placed_at) VALUES ($1, $2, $3, $4, $5, $6)',
      [activity.id, memberId, input.fixtureId, input.pick, activity.termsVersion, now],
    );
    const placed = await tx.query<GuessRow>(`${GUESS_SELECT} WHERE g.activity_id = $1 AND g.member_id = $2 AND g.fixture_id = $3`, [activity.id, memberId, input.fixtureId]);
    return { guess: recordOf(placed.rows[0]!), guessesLeft: Math.max(0, config.guessesPerMember - counts.placed - 1) };
  });
}
