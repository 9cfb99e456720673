import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { CONTROL_SWITCH, fromMinor, toMinor } from '@lobby/sdk';
import { formatWire } from '../../modules/wallet-amount.js';
import type { PageTextLookup } from '../../i18n/page-texts.js';
import { IDENTITY_ROUTE } from '../../modules/identity-codes.js';
import { WITHDRAW_WAYS, boundEWalletAddresses, cardNumberOf, usdtAddressOf, withdrawAmountProblem, type EWalletWay, type WithdrawInfo, type WithdrawProblem, type WithdrawWay } from './withdraw-logic.js';
import type { WithdrawBody, Withdrawals } from './use-withdrawals.js';
import type { WithdrawTextKey } from './texts.js';
import { useSwitchOpen } from '../../modules/control-switches/use-control-switches.js';

type T = PageTextLookup<WithdrawTextKey>;
const PROTOCOL_ID: Record<string, number> = { TRC20: 0, ERC20: 1, OMNI: 2 };

type CardChoice = { id: number | null; bankName: string; cardNo: string };

/**
 * A bound card chosen from the member's list (sent by its id: the list shows only the
 * last 4 digits, and the server reads the full number), or "another card" typed in full.
 */
function BankFields({ withdrawals, card, setCard, t }: { withdrawals: Withdrawals; card: CardChoice; setCard: (card: CardChoice) => void; t: T }) {
  const chosen = withdrawals.banks.find((bank) => bank.id === card.id);
  return (
    <>
      {withdrawals.banks.length > 0 ? (
        <label className="withdraw-field">
          {t('card')}
          <select
            value={card.id ?? ''}
            onChange={(event) => {
              const bank = withdrawals.banks.find((item) => String(item.id) === event.target.value);
              setCard({ id: bank?.id ?? null, bankName: bank ? '' : card.bankName, cardNo: '' });
            }}
          >
            {withdrawals.banks.map((bank) => (
              <option key={bank.id} value={bank.id}>
                {bank.bankName} {t('cardEnding', { last4: bank.cardNo.slice(-4) })}
              </option>
            ))}
            <option value="">{t('otherCard')}</option>
          </select>
        </label>
      ) : (
        <p className="withdraw-note">
          {t('noCards')} <Link to={IDENTITY_ROUTE.banks}>{t('bindCard')}</Link>
        </p>
      )}
      {chosen ? (
        <p className="withdraw-note" data-bound-card={chosen.id}>
          {t('boundCardChosen', { bank: chosen.bankName, name: chosen.realName, last4: chosen.cardNo.slice(-4) })}
        </p>
      ) : (
        <>
          <label className="withdraw-field">
            {t('bankName')}
            <input value={card.bankName} maxLength={40} onChange={(event) => setCard({ ...card, bankName: event.target.value })} />
          </label>
          <label className="withdraw-field">
            {t('cardNo')}
            <input value={card.cardNo} inputMode="numeric" maxLength={30} autoComplete="off" onChange={(event) => setCard({ ...card, cardNo: event.target.value })} />
          </label>
        </>
      )}
    </>
  );
}

function UsdtFields({ info, withdrawals, usdt, setUsdt, t }: { info: WithdrawInfo; withdrawals: Withdrawals; usdt: { protocol: string; address: string }; setUsdt: (usdt: { protocol: string; address: string }) => void; t: T }) {
  const saved = withdrawals.addresses.filter((address) => address.protocol === PROTOCOL_ID[usdt.protocol]);
  return (
    <>
      <p className="withdraw-note">{t('rate', { rate: info.usdt?.exchangeRate ?? '' })}</p>
      <label className="withdraw-field">
        {t('protocol')}
        <select value={usdt.protocol} onChange={(event) => setUsdt({ protocol: event.target.value, address: '' })}>
          {(info.usdt?.protocols ?? []).map((protocol) => (
            <option key={protocol}>{protocol}</option>
          ))}
        </select>
      </label>
      {saved.length > 0 ? (
        <label className="withdraw-field">
          {t('savedAddress')}
          <select value={saved.some((address) => address.address === usdt.address) ? usdt.address : ''} onChange={(event) => setUsdt({ ...usdt, address: event.target.value })}>
            <option value="">{t('typeAddress')}</option>
            {saved.map((address) => (
              <option key={address.id} value={address.address}>
                {address.alias ? `${address.alias} ` : ''}
                {address.address}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <label className="withdraw-field">
        {t('address')}
        <input value={usdt.address} maxLength={64} autoComplete="off" spellCheck={false} onChange={(event) => setUsdt({ ...usdt, address: event.target.value })} />
      </label>
    </>
  );
}

type EWalletChoice = { protocol: number; addressId: number | null };

/**
 * The e-wallet way: which e-wallet (EbPay, KoiPay, from withdraw info '5') and which of
 * the member's bound addresses of it; none bound leads to the banks page to bind one.
 */
function EWalletFields({ ways, withdrawals, choice, setChoice, t }: { ways: readonly EWalletWay[]; withdrawals: Withdrawals; choice: EWalletChoice; setChoice: (choice: EWalletChoice) => void; t: T }) {
  const bound = boundEWalletAddresses(withdrawals.addresses, choice.protocol);
  const way = ways.find((entry) => entry.protocol === choice.protocol);
  return (
    <>
      <label className="withdraw-field">
        {t('eWalletKind')}
        <select value={choice.protocol} onChange={(event) => setChoice({ protocol: Number(event.target.value), addressId: null })}>
          {ways.map((entry) => (
            <option key={entry.protocol} value={entry.protocol}>
              {entry.name}
            </option>
          ))}
        </select>
      </label>
      {bound.length > 0 ? (
        <label className="withdraw-field">
          {t('eWalletAddress')}
          <select value={choice.addressId ?? bound[0]!.id} onChange={(event) => setChoice({ ...choice, addressId: Number(event.target.value) })}>
            {bound.map((address) => (
              <option key={address.id} value={address.id}>
                {address.alias ? `${address.alias} ` : ''}
                {address.address}
              </option>
            ))}
          </select>
        </label>
      ) : (
        <p className="withdraw-note">
          {t('noEWalletAddress', { name: way?.name ?? '' })} <Link to={IDENTITY_ROUTE.banks}>{t('bindEWallet')}</Link>
        </p>
      )}
    </>
  );
}

/**
 * The withdrawal form: every way the member has (withdraw info by type), the way's
 * limits, fee and expected confirmation, the bank card or USDT address, the amount and
 * the withdrawal password, all checked before anything is sent.
 */
export function WithdrawForm({ withdrawals, t }: { withdrawals: Withdrawals; t: T }) {
  const virtualOpen = useSwitchOpen(CONTROL_SWITCH.virtualCurrency); // general control switch 6 off closes USDT
  const infos = (withdrawals.infos ?? []).map((entry, position) => (!virtualOpen && WITHDRAW_WAYS[position]?.way === 'usdt' && entry ? { ...entry, enabled: false } : entry));
  const firstOpen = WITHDRAW_WAYS.find((_, index) => infos[index]?.enabled)?.way ?? 'ordinary';
  const [way, setWay] = useState<WithdrawWay | null>(null);
  const chosenWay = way ?? firstOpen;
  const index = WITHDRAW_WAYS.findIndex((entry) => entry.way === chosenWay);
  const info = infos[index];
  const firstBank = withdrawals.banks[0];
  const [card, setCard] = useState<CardChoice | null>(null);
  const currentCard = card ?? { id: firstBank?.id ?? null, bankName: '', cardNo: '' };
  const [usdt, setUsdt] = useState({ protocol: 'TRC20', address: '' });
  const eWalletWays = infos[WITHDRAW_WAYS.findIndex((entry) => entry.way === 'eWallet')]?.eWallet?.ways ?? [];
  const [eWallet, setEWallet] = useState<EWalletChoice | null>(null);
  const currentEWallet = eWallet ?? { protocol: eWalletWays[0]?.protocol ?? 3, addressId: null };
  const [amount, setAmount] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<WithdrawProblem | null>(null);

  if (!info) return null;
  const decimals = info.currency === 'USDT' ? 6 : 2;

  // Checked in the order of the fields on screen: where the money goes, the amount, the password.
  const check = (): WithdrawBody | WithdrawProblem => {
    const amountOf = () => fromMinor(toMinor(amount.trim(), decimals), decimals);
    if (chosenWay === 'usdt') {
      const address = usdtAddressOf(usdt.address, usdt.protocol);
      if (!address) return 'addressInvalid';
      const amountProblem = withdrawAmountProblem(amount, info);
      if (amountProblem) return amountProblem;
      if (password === '') return 'passwordEmpty';
      return { kind: 'usdt', amount: amountOf(), protocol: usdt.protocol as 'TRC20' | 'ERC20' | 'OMNI', address, password };
    }
    if (chosenWay === 'eWallet') {
      const bound = boundEWalletAddresses(withdrawals.addresses, currentEWallet.protocol);
      const address = bound.find((entry) => entry.id === currentEWallet.addressId) ?? bound[0];
      if (!address) return 'eWalletAddressMissing';
      const amountProblem = withdrawAmountProblem(amount, info);
      if (amountProblem) return amountProblem;
      if (password === '') return 'passwordEmpty';
      return { kind: 'eWallet', amount: amountOf(), addressId: address.id, password };
    }
    const bound = withdrawals.banks.find((bank) => bank.id === currentCard.id);
    const cardNo = cardNumberOf(currentCard.cardNo);
    if (!bound && currentCard.bankName.trim() === '') return 'bankNameEmpty';
    if (!bound && !cardNo) return 'bankCardInvalid';
    const amountProblem = withdrawAmountProblem(amount, info);
    if (amountProblem) return amountProblem;
    if (password === '') return 'passwordEmpty';
    const withdrawType = chosenWay === 'speed' ? 1 : 0;
    return bound
      ? { kind: 'bank', amount: amountOf(), withdrawType, password, bankCardId: bound.id }
      : { kind: 'bank', amount: amountOf(), withdrawType, password, bankName: currentCard.bankName.trim(), bankCard: cardNo! };
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = check();
    if (typeof body === 'string') {
      setProblem(body);
      return;
    }
    setProblem(null);
    void withdrawals.withdraw(body).then((made) => {
      if (made) {
        setAmount('');
        setPassword('');
      }
    });
  };

  const problemText =
    problem === 'amountOutOfRange'
      ? t(problem, { min: formatWire(info.minAmount, decimals), max: formatWire(info.maxAmount, decimals) })
      : problem === 'addressInvalid'
        ? t(problem, { protocol: usdt.protocol })
        : problem === 'eWalletAddressMissing'
          ? t(problem, { name: eWalletWays.find((entry) => entry.protocol === currentEWallet.protocol)?.name ?? '' })
          : problem
            ? t(problem)
            : '';

  return (
    <form className="withdraw-form" onSubmit={submit} noValidate aria-label={t('submit')}>
      <fieldset className="withdraw-ways">
        <legend>{t('ways')}</legend>
        {WITHDRAW_WAYS.map((entry, position) => (
          <label key={entry.type} className={entry.way === chosenWay ? 'withdraw-way chosen' : 'withdraw-way'}>
            <input
              type="radio"
              name="withdraw-way"
              value={entry.way}
              checked={entry.way === chosenWay}
              disabled={!infos[position]?.enabled}
              onChange={() => {
                setWay(entry.way);
                setProblem(null);
                setAmount('');
              }}
            />
            {t(`way${entry.way}`)}
            {infos[position]?.enabled ? null : <span className="withdraw-closed"> ({t('notOpen')})</span>}
          </label>
        ))}
      </fieldset>
      <dl className="withdraw-info">
        <div>
          <dt>{t('available')}</dt>
          <dd data-available={chosenWay}>
            {formatWire(info.balance, decimals)} {info.currency}
          </dd>
        </div>
        <div>
          <dt>{t('fee')}</dt>
          <dd>
            {formatWire(info.fee, decimals)} {info.currency}
          </dd>
        </div>
        <div>
          <dt>{t('expected')}</dt>
          <dd>{t('expectedDefault')}</dd>
        </div>
      </dl>
      <p className="withdraw-note">
        {t('limits', { min: formatWire(info.minAmount, decimals), max: formatWire(info.maxAmount, decimals), count: info.surplusCount, amount: formatWire(info.surplusAmount, 2) })}
      </p>
      {chosenWay === 'speed' && info.fast ? <p className="withdraw-note">{t('speedInfo', { count: info.fast.drawCount, max: formatWire(info.fast.fixedAmount[0] ?? info.maxAmount, 2) })}</p> : null}
      {chosenWay === 'usdt' ? (
        <UsdtFields info={info} withdrawals={withdrawals} usdt={usdt} setUsdt={setUsdt} t={t} />
      ) : chosenWay === 'eWallet' ? (
        <EWalletFields ways={eWalletWays} withdrawals={withdrawals} choice={currentEWallet} setChoice={setEWallet} t={t} />
      ) : (
        <BankFields withdrawals={withdrawals} card={currentCard} setCard={setCard} t={t} />
      )}
      <label className="withdraw-field">
        {t('amount')} ({info.currency})
        <input value={amount} inputMode="decimal" maxLength={20} autoComplete="off" onChange={(event) => setAmount(event.target.value)} />
      </label>
      {info.hasWithdrawPassword ? null : (
        <p className="notice" role="status">
          {t('passwordNotSet')} <Link to="/app/password">{t('setPassword')}</Link>
        </p>
      )}
      <label className="withdraw-field">
        {t('password')}
        <input type="password" value={password} maxLength={32} autoComplete="off" onChange={(event) => setPassword(event.target.value)} />
      </label>
      {problemText ? (
        <p className="withdraw-problem" role="alert">
          {problemText}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={withdrawals.busy}>
        {withdrawals.busy ? t('submitting') : t('submit')}
      </button>
    </form>
  );
}
