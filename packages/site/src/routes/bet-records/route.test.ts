import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { routeTitle } from '../../i18n/route-titles.js';
import { routes } from '../../routes.js';
import { memberMenu } from '../member-centre/menu.js';

describe('bet and transaction record routes', () => {
  it.each([
    ['/app/myCenter/betRecords', 'betRecords', 'Bet records'],
    ['/app/myCenter/transactions', 'transactions', 'Transactions'],
  ] as const)('serves %s as a titled member-centre page listed in the menu', (pathname, title, english) => {
    const leaf = matchRoutes(routes, pathname)?.at(-1);
    expect(leaf?.route.path).toBe(pathname.replace('/app/', ''));
    expect(leaf?.route.handle).toEqual({ title });
    expect(routeTitle(title, 'en')).toBe(english);
    expect(memberMenu.map((entry) => entry.path)).toContain(pathname);
  });
});
