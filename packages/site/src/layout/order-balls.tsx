import { createElement, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, $session } from '@lobby/sdk';
import { useLobby } from '../app/lobby-context.js';
import { isWidgetBuilt, loadWidgetWhenIdle } from '../app/widgets.js';

/**
 * One `<lobby-order-ball>` of a kind, told the current route (the widget hides itself on
 * the deposit page for the same speed order and on the withdrawals page), routing its
 * `lobby-navigate` requests through the router instead of a page load.
 */
function OrderBall({ kind }: { kind: 'deposit' | 'withdrawal' }) {
  const { config } = useLobby();
  const language = useStore($language);
  const token = useStore($session)?.token;
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const element = useRef<HTMLElement>(null);
  useEffect(() => {
    const ball = element.current;
    if (!ball) return undefined;
    const onNavigate = (event: Event) => {
      const route = (event as CustomEvent<{ route?: unknown }>).detail?.route;
      if (typeof route !== 'string' || !route.startsWith('/')) return;
      event.preventDefault();
      void navigate(route);
    };
    ball.addEventListener('lobby-navigate', onNavigate);
    return () => ball.removeEventListener('lobby-navigate', onNavigate);
  }, [navigate]);
  return createElement('lobby-order-ball', {
    ref: element,
    kind,
    route: `${pathname}${search}`,
    'site-id': String(config.siteId),
    'api-base': config.apiBase,
    lang: language,
    ...(token ? { token } : {}),
    'data-mount': 'order-ball',
    ...(isWidgetBuilt('order-ball') ? {} : { 'data-pending': 'not built' }),
  });
}

/**
 * The order balls on every page (spec section 2, "Floating elements"): the deposit ball,
 * and for a member the withdrawal ball, so a pending order follows the member around.
 * A visitor has no order, so the ball's file loads (when idle) only once someone is signed
 * in: a visitor's page spends no main-thread time on a ball that shows nothing.
 *
 * @example <OrderBalls /> // once, in the root layout
 */
export function OrderBalls() {
  const session = useStore($session);
  const member = Boolean(session);
  useEffect(() => (member ? loadWidgetWhenIdle('order-ball') : undefined), [member]);
  return (
    <>
      <OrderBall kind="deposit" />
      {session ? <OrderBall kind="withdrawal" /> : null}
    </>
  );
}
