import { describe, expect, it } from 'vitest';
import { CODE, newsSoccerExperts, newsSoccerMatches, opsNewsExpertPick, sportsFixtureDetail, staticLeaguesInfo } from '@lobby/sdk';
import { testEngines } from '../testing/databases.js';
import { serverSuite } from '../testing/server-suite.js';

describe.each(testEngines())('expert picks, soccer matches and leagues from the sports store on %s', (engine) => {
  const suite = serverSuite(engine, { clock: true });
  const door = async (path: string, body: unknown) => {
    const answer = await suite.app.inject({ method: 'POST', url: `/sandbox/sports/${path}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) });
    return answer.json() as { code: number; data: { fixtureId: string } };
  };
  const create = async (body: Record<string, unknown>) => (await door('fixtures', body)).data.fixtureId;
  const ops = () => ({ token: suite.opsToken });
  const expertIds = async () => (await suite.call(newsSoccerExperts, {})).body.data.experts.map((expert) => expert.id);

  it('records a pick on an open market at its odds, follows the market to its settlement in the record, and refuses closed markets', async () => {
    const fixtureId = await create({ sport: 'football', homeEn: 'Pick Town', homeZh: '推荐镇', awayEn: 'Far Away', awayZh: '远方', startsInMs: 3_600_000 });
    const odds = (await suite.call(sportsFixtureDetail, { fixtureId })).body.data.markets.find((market) => market.id === '1x2')!.selections.find((s) => s.id === 'home')!.odds;
    const [expertId] = await expertIds();
    const picked = await suite.call(opsNewsExpertPick, { expertId: expertId!, fixtureId, marketId: '1x2', selectionId: 'home', analysis: 'Home form.' }, ops());
    expect(picked.body.data).toMatchObject({ fixtureId, homeEn: 'Pick Town', awayZh: '远方', marketEn: 'Full time 1X2', odds, result: 'pending', analysis: 'Home form.' });
    const again = await suite.call(opsNewsExpertPick, { expertId: expertId!, fixtureId, marketId: '1x2', selectionId: 'away', analysis: 'Changed my mind.' }, ops());
    expect(again.body.data).toEqual(picked.body.data);

    const matches = (await suite.call(newsSoccerMatches, { limit: 50 })).body.data.matches;
    expect(matches.find((match) => match.fixtureId === fixtureId)).toMatchObject({ status: 'scheduled', homeEn: 'Pick Town', picks: 1 });
    expect(matches.findIndex((match) => match.status === 'scheduled')).toBeGreaterThanOrEqual(matches.filter((match) => match.status === 'live').length);

    const first = (await suite.call(newsSoccerExperts, {})).body.data.experts[0]!;
    expect(first.picks[0]).toMatchObject({ fixtureId, result: 'pending' });
    expect(first.record.pending).toBe(1);

    await door('goal', { fixtureId, side: 'home' });
    await door('run', { fixtureId, toEnd: true });
    const settled = (await suite.call(newsSoccerExperts, {})).body.data.experts[0]!;
    const result = settled.picks.find((item) => item.fixtureId === fixtureId)!.result;
    const score = (await suite.call(sportsFixtureDetail, { fixtureId })).body.data.fixture.score;
    expect(result).toBe(score.home > score.away ? 'won' : 'lost');
    expect(settled.record.pending).toBe(0);

    expect((await suite.call(opsNewsExpertPick, { expertId: expertId!, fixtureId, marketId: 'ou:10', selectionId: 'over', analysis: '' }, ops())).body.code).toBe(CODE.newsPickNotOpen);
    expect((await suite.call(opsNewsExpertPick, { expertId: 999_999, fixtureId, marketId: '1x2', selectionId: 'home', analysis: '' }, ops())).body.code).toBe(CODE.newsExpertNotFound);
    expect((await suite.call(opsNewsExpertPick, { expertId: expertId!, fixtureId: 'no-such-fixture', marketId: '1x2', selectionId: 'home', analysis: '' }, ops())).body.code).toBe(CODE.newsPickNotOpen);
    const { token } = await suite.memberWithBalance(0);
    expect((await suite.call(opsNewsExpertPick, { expertId: expertId!, fixtureId, marketId: '1x2', selectionId: 'home', analysis: '' }, { token })).body.code).toBe(CODE.operatorOnly);
  });

  it('leagues_info answers the store\'s leagues with live and upcoming counts, by kind', async () => {
    const live = await create({ sport: 'football' });
    const leagueId = (await suite.call(sportsFixtureDetail, { fixtureId: live })).body.data.fixture.leagueId;
    const all = (await suite.call(staticLeaguesInfo, {})).body.data.leagues;
    const league = all.find((item) => item.id === leagueId)!;
    expect(league).toMatchObject({ sport: 'football', kind: 'sports' });
    expect(league.live).toBeGreaterThanOrEqual(1);
    expect(all.some((item) => item.kind === 'esports')).toBe(false);
    await create({ sport: 'moba', startsInMs: 3_600_000 });
    const esports = (await suite.call(staticLeaguesInfo, { kind: 'esports' })).body.data.leagues;
    expect(esports.length).toBeGreaterThan(0);
    expect(esports.every((item) => item.kind === 'esports' && item.upcoming + item.live > 0)).toBe(true);
  });
});
