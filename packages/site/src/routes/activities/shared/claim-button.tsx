import { useId, type ReactNode } from 'react';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { activityTexts } from './texts.js';

/**
 * An activity's claim button with the terms version beside it (issue 20: "a version shown
 * beside every claim button"); clicking sends that version (`onClaim(termsVersion)`), so a
 * claim made under terms that changed since is refused (activityTermsChanged).
 *
 * @example <ClaimButton termsVersion={detail.termsVersion} busy={busy} onClaim={(v) => apply(v)}>Apply</ClaimButton>
 */
export function ClaimButton(props: { termsVersion: number; onClaim: (termsVersion: number) => void; busy?: boolean; disabled?: boolean; children: ReactNode; className?: string }) {
  const text = usePageTexts(activityTexts);
  const versionId = useId();
  return (
    <span className="claim-row">
      <button
        className={`button claim-button${props.className ? ` ${props.className}` : ''}`}
        type="button"
        disabled={props.disabled === true || props.busy === true}
        aria-busy={props.busy === true}
        aria-describedby={versionId}
        data-terms-version={props.termsVersion}
        onClick={() => props.onClaim(props.termsVersion)}
      >
        {props.children}
      </button>
      <span className="terms-version" id={versionId}>
        {text('termsVersion', { version: props.termsVersion })}
      </span>
    </span>
  );
}
