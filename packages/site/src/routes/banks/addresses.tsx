import { useCallback, useEffect, useId, useState } from 'react';
import {
  CHAIN_PROTOCOLS,
  EWALLET_PROTOCOLS,
  PROTOCOL_NAME,
  eWalletAddressAdd,
  eWalletAddressRemove,
  t as sdkText,
  virtualCurrencyDelete,
  virtualCurrencyInsert,
  virtualCurrencyList,
  type CallResponse,
  type ProtocolId,
} from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { failureMessage } from '../../app/wallet/use-wallet.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { checkAddress } from '../../modules/wallet-address.js';
import type { WalletOutcome } from '../../modules/wallet-refresh.js';
import { ConfirmDelete } from './confirm-delete.js';
import { banksTexts } from './texts.js';
import { ErrorLine } from '../../modules/error-line.js';

type Address = CallResponse<typeof virtualCurrencyList>['list'][number];
type Kind = 'chain' | 'eWallet';

/**
 * The member's virtual currency addresses (kind 'chain', protocols TRC20 to TRX) or
 * e-wallet accounts (kind 'eWallet', EbPay and KoiPay): list, add checked by protocol with
 * the server's rule, delete with confirm.
 */
export function Addresses({ kind, onOutcome }: { kind: Kind; onOutcome: (outcome: WalletOutcome) => void }) {
  const { client } = useLobby();
  const t = usePageTexts(banksTexts);
  const id = useId();
  const protocols: readonly ProtocolId[] = kind === 'chain' ? CHAIN_PROTOCOLS : EWALLET_PROTOCOLS;
  const [list, setList] = useState<Address[] | null>(null);
  const [protocol, setProtocol] = useState<ProtocolId>(protocols[0]!);
  const [address, setAddress] = useState('');
  const [alias, setAlias] = useState('');
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    client.call(virtualCurrencyList, {}).then(
      (answer) => setList(answer.list.filter((item) => protocols.includes(item.protocol))),
      (failure: unknown) => onOutcome({ ok: false, message: failureMessage(failure) }),
    );
  }, [client, onOutcome, protocols]);
  useEffect(load, [load]);

  async function add() {
    const checked = checkAddress(protocol, address);
    if (!checked.ok) {
      const chainProblem = checked.problem === 'addressChecksum' ? 'usdtAddressChecksum' : 'usdtAddressInvalid';
      const invalid = kind === 'chain' ? sdkText(chainProblem, { protocol: PROTOCOL_NAME[protocol] }) : t('eWalletInvalid');
      setProblem(checked.problem === 'addressEmpty' ? t('addressEmpty') : invalid);
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      const body = { address: checked.address, ...(alias.trim() ? { alias: alias.trim() } : {}) };
      if (kind === 'chain') await client.call(virtualCurrencyInsert, { ...body, protocol });
      else await client.call(eWalletAddressAdd, { ...body, protocol: protocol as 3 | 4 });
      setAddress('');
      setAlias('');
      onOutcome({ ok: true, message: t('added') });
      load();
    } catch (failure) {
      onOutcome({ ok: false, message: failureMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  async function remove(item: Address) {
    try {
      await client.call(kind === 'chain' ? virtualCurrencyDelete : eWalletAddressRemove, { id: item.id });
      onOutcome({ ok: true, message: t('deleted') });
    } catch (failure) {
      onOutcome({ ok: false, message: failureMessage(failure) });
    }
    load();
  }

  const title = kind === 'chain' ? t('addresses') : t('eWallets');
  return (
    <section className="banks-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {list?.length === 0 ? <p className="hint">{kind === 'chain' ? t('noAddresses') : t('noEWallets')}</p> : null}
      <ul className="banks-list">
        {(list ?? []).map((item) => {
          const name = `${PROTOCOL_NAME[item.protocol]} ${item.address}`;
          return (
            <li key={item.id} data-address={item.id}>
              <span className="banks-address">{name}</span> {item.alias ? <span className="hint">{item.alias}</span> : null}
              <ConfirmDelete label={t('deleteCardOf', { name })} question={t('confirmAddress', { name })} onConfirm={() => remove(item)} />
            </li>
          );
        })}
      </ul>
      <form
        className="stack-form narrow"
        aria-label={kind === 'chain' ? t('addAddress') : t('addEWallet')}
        onSubmit={(event) => {
          event.preventDefault();
          void add();
        }}
      >
        <label>
          {t('protocol')}
          <select value={protocol} onChange={(event) => setProtocol(Number(event.target.value) as ProtocolId)}>
            {protocols.map((value) => (
              <option key={value} value={value}>
                {PROTOCOL_NAME[value]}
              </option>
            ))}
          </select>
        </label>
        <label>
          {kind === 'chain' ? t('address') : t('eWalletAccount')}
          <input value={address} maxLength={128} autoComplete="off" onChange={(event) => setAddress(event.target.value)} />
        </label>
        <label>
          {t('alias')}
          <input value={alias} maxLength={32} onChange={(event) => setAlias(event.target.value)} />
        </label>
        <ErrorLine error={problem} standing />
        <button className="button" type="submit" disabled={busy}>
          {kind === 'chain' ? t('addAddress') : t('addEWallet')}
        </button>
      </form>
    </section>
  );
}
