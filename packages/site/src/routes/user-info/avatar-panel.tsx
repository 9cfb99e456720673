import type { ChangeEvent } from 'react';
import { usePageTexts } from '../../i18n/page-texts.js';
import { userInfoTexts } from './texts.js';
import { AVATAR_ACCEPT, useAvatar } from './use-avatar.js';

/** The avatar: the current one, an upload with its progress bar, and the default choices. */
export function AvatarPanel() {
  const text = usePageTexts(userInfoTexts);
  const { avatar, defaults, progress, problem, upload, choose } = useAvatar();

  function picked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    event.currentTarget.value = '';
    if (file) void upload(file, (key) => text(key));
  }

  return (
    <section className="user-info-avatar" aria-labelledby="user-info-avatar-title">
      <h2 id="user-info-avatar-title">{text('avatar')}</h2>
      {avatar ? <img className="user-info-avatar-image" src={avatar} alt={text('avatarCurrent')} width={64} height={64} /> : <p>{text('avatarNone')}</p>}
      {/* The file input is visually hidden: its label is the control, and shows the focus ring (site.css .file-pick). */}
      <label className="button secondary file-pick">
        {text('avatarUpload')}
        <input className="visually-hidden" type="file" name="avatar" accept={AVATAR_ACCEPT} onChange={picked} disabled={progress !== null} />
      </label>
      <p className="user-info-hint">{text('avatarRules')}</p>
      {progress !== null ? (
        <progress max={100} value={progress} aria-label={text('avatarUploading')}>
          {progress}%
        </progress>
      ) : null}
      {problem ? (
        <p className="error" role="alert">
          {problem}
        </p>
      ) : null}
      {defaults.length > 0 ? (
        <div className="user-info-avatar-defaults" role="group" aria-label={text('avatarDefaults')}>
          {defaults.map((choice) => (
            <button key={choice.id} className="link-button" type="button" aria-pressed={avatar === choice.url} onClick={() => void choose(choice.id)}>
              <img src={choice.url} alt={text('avatarDefault', { number: choice.id })} width={40} height={40} />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
