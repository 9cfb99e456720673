import { lazy, Suspense, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $member, $session } from '@lobby/sdk';
import { useLobby } from '../app/lobby-context.js';
import { logOut } from '../app/use-member.js';
import { useText } from '../i18n/use-text.js';
import { LoginForm } from './login-form.js';

// The dialogs load only when opened, so home's first JavaScript stays small.
const RegisterDialog = lazy(() => import('../app/auth/register-dialog.js').then((module) => ({ default: module.RegisterDialog })));
const ForgotDialog = lazy(() => import('../app/auth/forgot-dialog.js').then((module) => ({ default: module.ForgotDialog })));

type Dialog = 'register' | 'forgot' | null;

/** The login form, register and forgotten password for a visitor; avatar, name and logout for a member. */
export function SessionControls() {
  const session = useStore($session);
  const member = useStore($member);
  const text = useText();
  const { client } = useLobby();
  const [dialog, setDialog] = useState<Dialog>(null);
  // A logout closes whatever dialog the member had: the visitor's frame opens with none.
  const [signedIn, setSignedIn] = useState(Boolean(session));
  if (signedIn !== Boolean(session)) {
    setSignedIn(Boolean(session));
    if (!session) setDialog(null);
  }
  // The dialogs outlive the sign-in: registering signs the member in, and the register dialog then
  // goes on to its deposit-limit question until the member closes it.
  const dialogs = (
    <Suspense fallback={null}>
      {dialog === 'register' ? <RegisterDialog onClose={() => setDialog(null)} /> : null}
      {dialog === 'forgot' ? <ForgotDialog onClose={() => setDialog(null)} /> : null}
    </Suspense>
  );
  const name = member?.nickName || member?.name;
  // The dialogs keep their place whichever side shows, so React keeps them mounted across the sign-in.
  return (
    <div className="member">
      {!session ? (
        <>
          <LoginForm />
          <button className="link-button" type="button" onClick={() => setDialog('register')}>
            {text('register')}
          </button>
          <button className="link-button" type="button" onClick={() => setDialog('forgot')}>
            {text('forgotPassword')}
          </button>
        </>
      ) : (
        <>
          {/* The member's avatar (a default's data URL or an upload's path on this site); the name beside it says who. */}
          {member?.avatar ? <img className="member-avatar" src={member.avatar} alt="" width={24} height={24} /> : null}
          <span>{name ? text('welcome', { name }) : text('signedIn')}</span>
          <button className="button secondary" type="button" onClick={() => void logOut(client)}>
            {text('logout')}
          </button>
        </>
      )}
      {dialogs}
    </div>
  );
}
