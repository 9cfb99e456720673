/**
 * React 19 JSX typings for lobby's elements: props are the elements' attributes, events
 * are `on<event-name>` (React 19 adds them as listeners on custom elements), e.g.
 * `<lobby-coin-purchase lang="en" onlobby-finish={(event) => ...} />`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type LobbyEvents = {
  [K in `onlobby-${string}`]?: (event: CustomEvent) => void;
};

interface CommonAttributes {
  'api-base'?: string;
  'site-id'?: string | number;
  token?: string;
  lang?: string;
}

type Element<E, A> = DetailedHTMLProps<HTMLAttributes<E>, E> & CommonAttributes & A & LobbyEvents;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /** Coin purchase modal; events lobby-buy-gold, lobby-refresh, lobby-finish, lobby-error. */
      'lobby-coin-purchase': Element<HTMLElement, { trigger?: 'true' | 'false'; 'coin-rate'?: string | number }>;
      /** Promo carousel; events lobby-navigate, lobby-close. */
      'lobby-float-window': Element<HTMLElement, object>;
      /** Pending order ball; events lobby-navigate, lobby-prompt. */
      'lobby-order-ball': Element<HTMLElement, { kind?: 'deposit' | 'withdrawal'; route?: string }>;
    }
  }
}
