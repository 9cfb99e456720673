/**
 * React 19 JSX typings for lobby's elements (shipped as `@lobby/widgets/react`): props are
 * the elements' attributes, events are `on<event-name>` (React 19 adds them as listeners
 * on custom elements), e.g.
 * `<lobby-coin-purchase lang="en" onlobby-finish={(event) => ...} />`.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';

type Listener<D = undefined> = (event: CustomEvent<D>) => void;

/** Attributes every element understands. */
interface CommonAttributes {
  'api-base'?: string;
  'site-id'?: string | number;
  token?: string;
  lang?: string;
}

type Props<A> = DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement> & CommonAttributes & A;

type ChatEntryDetail = { id: number; roomId: number; kind: string; nickName: string; content: string; [key: string]: unknown };

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      /** Pending order ball. */
      'lobby-order-ball': Props<{
        kind?: 'deposit' | 'withdrawal';
        route?: string;
        'onlobby-navigate'?: Listener<{ route: string; kind: string; billNo: string; action: string }>;
        'onlobby-prompt'?: Listener<{ type: 'withdrawal-matched' | 'switched-to-ordinary' | 'first-draw-guide'; billNo: string }>;
      }>;
      /** Promo carousel. */
      'lobby-float-window': Props<{
        'onlobby-navigate'?: Listener<{ route: string; item: object }>;
        'onlobby-close'?: Listener;
      }>;
      /** Coin purchase modal. */
      'lobby-coin-purchase': Props<{
        trigger?: 'true' | 'false';
        'coin-rate'?: string | number;
        'onlobby-buy-gold'?: Listener<{ user_id: number | null; gold_count: number; recharge_amount: number }>;
        'onlobby-refresh'?: Listener;
        'onlobby-finish'?: Listener;
        'onlobby-error'?: Listener<{ type: 'coin-permission' | 'coin-purchase' | 'login'; message: string; code?: number }>;
      }>;
      /** Client download block. */
      'lobby-app-download': Props<{
        'windows-url'?: string;
        'mac-url'?: string;
        'android-url'?: string;
        mobile?: 'true' | 'false' | '';
        'onlobby-download'?: Listener<{ platform: 'windows' | 'mac' | 'android'; url: string }>;
        'onlobby-ready'?: Listener<{ urls: Partial<Record<'windows' | 'mac' | 'android', string>> }>;
      }>;
      /** Live chat room. */
      'lobby-chat-box': Props<{
        'room-id'?: string | number;
        'mqtt-src'?: string;
        'onlobby-status'?: Listener<{ status: 'idle' | 'connecting' | 'online' | 'reconnecting' | 'offline' }>;
        'onlobby-message'?: Listener<ChatEntryDetail>;
        'onlobby-muted'?: Listener<{ banReason: string; unbanTime: number } | null>;
        'onlobby-login'?: Listener<{ roomId: number }>;
        'onlobby-error'?: Listener<{ type: 'load'; message: string }>;
        'onlobby-order-follow'?: Listener<{ roomId: number; orderId: string | undefined }>;
      }>;
    }
  }
}
