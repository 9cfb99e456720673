import { isValidElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routes } from './routes.js';
import { memberCentrePaths, specPaths } from './spec-paths.js';

function leaf(pathname: string) {
  const matches = matchRoutes(routes, pathname);
  return matches?.at(-1);
}

function redirectTarget(pathname: string): unknown {
  const element = leaf(pathname)?.route.element;
  return isValidElement<{ to?: unknown }>(element) ? element.props.to : undefined;
}

describe('route table', () => {
  it.each([...specPaths, ...memberCentrePaths])('has a titled page for %s', (pathname) => {
    const match = leaf(pathname);
    expect(match?.route.path).not.toBe('*');
    expect(match?.route.handle).toHaveProperty('title');
  });

  it('walks the member-centre pages the spec gives no path, the welfare centre among them', () => {
    expect(memberCentrePaths).toContain('/app/myCenter/welfareCenter');
    expect(memberCentrePaths).not.toContain('/app/myCenter');
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
