import { useEffect, useState } from 'react';
import { walletTypeGet, walletTypeSet } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { failureMessage } from '../../app/wallet/use-wallet.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import type { WalletOutcome } from '../../modules/wallet-refresh.js';
import { myWalletTexts } from './texts.js';

/** Wallet type of spec section 3: 1 RMB (shown as CNY), 2 USDT; read and set on the server. */
export function WalletTypeChoice({ onOutcome }: { onOutcome: (outcome: WalletOutcome) => void }) {
  const { client } = useLobby();
  const t = usePageTexts(myWalletTexts);
  const [walletType, setWalletType] = useState<1 | 2 | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    client.call(walletTypeGet, {}).then(
      (answer) => setWalletType(answer.walletType),
      (failure: unknown) => onOutcome({ ok: false, message: failureMessage(failure) }),
    );
  }, [client, onOutcome]);

  async function choose(next: 1 | 2) {
    const previous = walletType;
    // The choice shows at once; a refusal puts the previous one back.
    setWalletType(next);
    setBusy(true);
    try {
      setWalletType((await client.call(walletTypeSet, { walletType: next })).walletType);
      onOutcome({ ok: true, message: t('walletTypeSaved') });
    } catch (failure) {
      setWalletType(previous);
      onOutcome({ ok: false, message: failureMessage(failure) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset className="my-wallet-type" disabled={walletType === null || busy}>
      <legend>{t('walletType')}</legend>
      {([1, 2] as const).map((value) => (
        <label key={value}>
          <input type="radio" name="wallet-type" value={value} checked={walletType === value} onChange={() => void choose(value)} />
          {value === 1 ? t('walletTypeRmb') : t('walletTypeUsdt')}
        </label>
      ))}
    </fieldset>
  );
}
