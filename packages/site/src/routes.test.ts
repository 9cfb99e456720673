import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.js';

/** Every route of spec section 2 with its parameters filled in. */
const specPaths = [
  '/robot-check/1/2/3',
  '/loading',
  '/ptLoading',
  '/agent-page',
  '/worldCupLanding',
  '/maintenance',
  '/access-forbid',
  '/access-alert',
  '/cs',
  '/cschat',
  '/404',
  '/sponsor/lobby/star',
  '/download-page',
  '/blackList',
  '/sponsorModelTemp/7',
  '/app/home',
  '/app/myCenter',
  ...['deposit', 'withdrawals', 'transfer', 'myWallet', 'banks'].map((sub) => `/app/myCenter/${sub}`),
  '/app/password',
  '/app/vip',
  '/app/help/1/2',
  '/app/maintenance',
  '/app/present/5',
  '/app/sponsorModel/7',
  '/app/agent-page',
  '/app/agent',
  '/app/anchor-game',
  '/app/friendInvitation',
  '/app/fissile',
  '/app/gift-apply/get/modal',
  '/app/appDownloadPage',
  '/app/gaming',
  '/app/eGaming/1',
  '/app/eGaming/1/venue',
  '/app/inlineVenueCommon/3',
  '/app/inlineVenueCommon/3/venue',
  '/app/sport',
  '/app/venuesSport/1',
  '/app/venuesSport/1/venue',
  '/app/egame/9',
  '/app/realbet',
  '/app/lottery',
  '/app/chessGame',
  '/app/fishing/4',
  '/app/activity',
  ...['preferentialActivity', 'discountDetails', 'pureDisplay', 'SignGift', 'signGift', 'drawGift', 'surviving'].map((name) => `/app/${name}/1`),
  ...['deposit-first', 'deposit-again', 'month-money', 'race-page', 'world-cup-guess', 'redPackRain'].map((name) => `/app/${name}/1`),
  '/app/virtualCurrencyInfo',
  ...['newTask', 'european-cup', 'euro-cup', 'football-shot', 'breakout'].map((name) => `/app/${name}/1`),
  '/app/football-shot-demo',
  '/app/raffle',
  '/app/fullMemberActivity',
  '/app/champions-league',
  '/app/registrantion',
  '/app/news',
  '/app/news/newsDetail/1',
  '/app/competeLottery',
  '/app/competeLottery/detail/1',
  '/app/schedule',
  '/app/schedule/scheduleDetail/1',
];

function leaf(pathname: string) {
  const matches = matchRoutes(routes, pathname);
  return matches?.at(-1);
}

function redirectTarget(pathname: string): unknown {
  const element = leaf(pathname)?.route.element;
  return isValidElement<{ to?: unknown }>(element) ? element.props.to : undefined;
}

describe('route table', () => {
  it.each(specPaths)('has a titled page for %s', (pathname) => {
    const match = leaf(pathname);
    expect(match?.route.path).not.toBe('*');
    expect(match?.route.handle).toHaveProperty('title');
  });

  it('keeps the parameters the spec names', () => {
    expect(leaf('/robot-check/slide/2/3')?.params).toMatchObject({ verifyType: 'slide', afsType: '2', anjiType: '3' });
    expect(leaf('/app/eGaming/dj/im')?.params).toMatchObject({ djType: 'dj', venueUrl: 'im' });
    expect(leaf('/app/help/4/8')?.params).toMatchObject({ typeId: '4', listid: '8' });
  });

  it('matches both spellings of the sign-gift route', () => {
    expect(leaf('/app/SignGift/1')?.route.path).toBe('SignGift/:id');
    expect(leaf('/app/signGift/1')?.route.path).toBe('signGift/:id');
  });

  it.each(['/', '/app', '/home'])('sends %s to /app/home', (pathname) => {
    expect(redirectTarget(pathname)).toBe('/app/home');
  });

  it.each(['/nowhere', '/app/nowhere', '/app/vip/extra'])('sends the unknown %s to /404', (pathname) => {
    expect(redirectTarget(pathname)).toBe('/404');
  });
});
