import { MemberCentre } from '../member-centre/member-centre.js';
import { LoginPassword } from './login-password.js';
import { WithdrawPassword } from './withdraw-password.js';

/** /app/password: the login-password change in steps and the withdrawal password (set, update, reset). */
export function PasswordPage() {
  return (
    <MemberCentre>
      <div className="password-page">
        <LoginPassword />
        <WithdrawPassword />
      </div>
    </MemberCentre>
  );
}
