import type { SeamlessResult, SeamlessWalletClient, TransactionAnswer } from '../seamless/index.js';
import type { BetRequest, RollbackRequest, WinRequest } from '../seamless/index.js';

/** Who a redeemed launch token names. */
export interface LaunchIdentity {
  memberId: number;
  venueCode: string;
  gameCode: string;
  currency: string;
}

export type AuthenticateResult = ({ ok: true } & LaunchIdentity) | { ok: false; reason: 'expired' | 'used' | 'unknown' | 'unavailable'; message: string };

/**
 * Lobby as the studio sees it: the seamless wallet endpoint (authenticate, balance, bet,
 * win, rollback), server to server. The sandbox studio calls it through the seamless client.
 */
export interface LobbyWallet {
  authenticate(token: string): Promise<AuthenticateResult>;
  balance(memberId: number, venueCode: string): Promise<SeamlessResult<{ balanceMinor: number }>>;
  bet(request: BetRequest): Promise<SeamlessResult<TransactionAnswer>>;
  win(request: WinRequest): Promise<SeamlessResult<TransactionAnswer>>;
  rollback(request: RollbackRequest): Promise<SeamlessResult<TransactionAnswer>>;
}

/**
 * The studio's lobby through the seamless wallet client.
 *
 * @example const lobby = lobbyWalletOf(new SeamlessWalletClient({ providerId, secret, transport: injectTransport(app) }));
 */
export function lobbyWalletOf(client: SeamlessWalletClient): LobbyWallet {
  return {
    async authenticate(token) {
      const result = await client.authenticate({ token });
      if (result.ok) return { ok: true, memberId: result.answer.memberId, venueCode: result.answer.venueCode, gameCode: result.answer.gameCode, currency: result.answer.currency };
      if (result.code !== 'INVALID_TOKEN') return { ok: false, reason: 'unavailable', message: `${result.code}: ${result.message}` };
      const reason = /expired/i.test(result.message) ? 'expired' : /used/i.test(result.message) ? 'used' : 'unknown';
      return { ok: false, reason, message: result.message };
    },
    balance: (memberId, venueCode) => client.balance({ memberId, venueCode }),
    bet: (request) => client.bet(request),
    win: (request) => client.win(request),
    rollback: (request) => client.rollback(request),
  };
}
