import { describe, expect, it } from 'vitest';
import { DEAL_TYPES } from '@lobby/sdk';
import { dealTypeOf, dealTypeSql } from './deal-types.js';

describe('deal types of ledger codes', () => {
  it.each([
    ['deposit', 'deposit'], ['deposit_usdt', 'deposit'], ['deposit_usdt_rmb', 'deposit'], ['seed_deposit', 'deposit'],
    ['deposit_discount', 'bonus'], ['vip_gift', 'bonus'], ['agent_commission', 'commission'],
    ['withdrawal_lock', 'withdrawal'], ['withdrawal_paid', 'withdrawal'], ['withdrawal_return', 'withdrawal'],
    ['venue_transfer_in', 'venueTransfer'], ['venue_transfer_out', 'venueTransfer'],
    ['buy_coin', 'coin'], ['gift_send', 'coin'], ['yuebao_interest', 'interest'], ['yuebao_in', 'yuebao'], ['yuebao_out', 'yuebao'],
    ['usdt_to_rmb', 'conversion'], ['rmb_to_usdt', 'conversion'],
    // The seamless wallet's and bet sync's codes.
    ['game_bet', 'bet'], ['game_win', 'win'], ['game_refund', 'betRefund'], ['game_stake', 'bet'], ['game_payout', 'win'],
    ['game_stake_correction', 'betCorrection'], ['game_payout_correction', 'betCorrection'],
    ['seeded_funding', 'other'], ['depositx', 'other'],
  ] as const)('files %s under %s', (code, dealType) => {
    expect(dealTypeOf(code)).toBe(dealType);
  });

  it('answers only the deal types of the contract, in SQL too', () => {
    const named = [...dealTypeSql('code').matchAll(/THEN '([A-Za-z]+)'/g)].map((match) => match[1]);
    expect(named.every((name) => (DEAL_TYPES as readonly string[]).includes(name!))).toBe(true);
  });
});
