import { useOutcome } from '../../app/wallet/use-wallet.js';
import { OutcomeLine } from '../../app/wallet/wallet-summary.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { Addresses } from './addresses.js';
import { BankCards } from './bank-cards.js';

/** /app/myCenter/banks: bank cards, virtual currency addresses and e-wallet addresses. */
export function BanksPage() {
  return (
    <MemberCentre>
      <Banks />
    </MemberCentre>
  );
}

function Banks() {
  const [outcome, show] = useOutcome();
  return (
    <div className="banks">
      <OutcomeLine outcome={outcome} />
      <BankCards onOutcome={show} />
      <Addresses kind="chain" onOutcome={show} />
      <Addresses kind="eWallet" onOutcome={show} />
    </div>
  );
}
