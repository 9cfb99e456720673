import { useStore } from '@nanostores/react';
import { $member, $session } from '@lobby/sdk';
import { useLobby } from '../app/lobby-context.js';
import { logOut } from '../app/use-member.js';
import { useText } from '../i18n/use-text.js';
import { LoginForm } from './login-form.js';

/** The login form for a visitor; the member's name and a logout button for a member. */
export function SessionControls() {
  const session = useStore($session);
  const member = useStore($member);
  const text = useText();
  const { client } = useLobby();
  if (!session) return <LoginForm />;
  const name = member?.nickName || member?.name;
  return (
    <div className="member">
      <span>{name ? text('welcome', { name }) : text('signedIn')}</span>
      <button className="button secondary" type="button" onClick={() => void logOut(client)}>
        {text('logout')}
      </button>
    </div>
  );
}
