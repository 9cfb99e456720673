import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, isForcedMigrationOn, staticAgentContact, type InviteFriendInfo, type InvitedMember } from '@lobby/sdk';
import { DateTime } from '../../app/date-time.js';
import { formatBasisPoints } from '../../modules/basis-points.js';
import { usePageTexts, type PageTextLookup } from '../../i18n/page-texts.js';
import { ErrorLine } from '../../modules/error-line.js';
import { isBeijingToday } from '../../modules/record-days.js';
import { safeHref } from '../../modules/safe-href.js';
import { formatMinor } from '../../modules/wallet-amount.js';
import { CommissionStatements } from './commission.js';
import { installAgentStyles } from './styles.js';
import { agentTexts } from './texts.js';
import { useAgentCentre, useCall, useInvite, useLoggedIn } from './use-agents.js';

type Text = PageTextLookup<keyof (typeof agentTexts)['en']>;
const money = (minor: number) => formatMinor(minor, 2);

/** The page's own link on this site, from the invite path the server gives. */
const absolute = (path: string) => (typeof location === 'undefined' ? path : `${location.origin}${path}`);

function Contacts({ text }: { text: Text }) {
  const language = useStore($language);
  const contacts = useCall(staticAgentContact, {});
  return (
    <section className="agent-panel" aria-labelledby="agent-contact-title">
      <h2 id="agent-contact-title">{text('contactTitle')}</h2>
      <ErrorLine error={contacts.error} />
      {contacts.data && contacts.data.list.length === 0 ? <p>{text('noContact')}</p> : null}
      <ul className="agent-contacts">
        {contacts.data?.list.map((contact) => {
          const label = language === 'en' ? contact.label.en : contact.label.zh;
          const href = safeHref(contact.url, ['https', 'mailto', 'path']);
          return (
            <li key={`${contact.channel}:${contact.value}`}>
              {label}: {href ? <a href={href} rel="noopener noreferrer">{contact.value}</a> : contact.value}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/**
 * /agent-page: what an agent earns (the commission rule), the agent desk's contacts
 * (/static/v1/agent/contact) and the way into the agent centre.
 */
export function AgentPage() {
  installAgentStyles();
  const text = usePageTexts(agentTexts);
  const loggedIn = useLoggedIn();
  return (
    <section className="agent-page">
      <h1>{text('agentTitle')}</h1>
      <div className="agent-panel">
        <p>{text('agentLead')}</p>
        <p>{text('agentRuleGeneral')}</p>
        {loggedIn ? <Link className="button" to="/app/agent">{text('goCentre')}</Link> : <p>{text('logInToApply')}</p>}
      </div>
      <Contacts text={text} />
    </section>
  );
}

function CopyLink({ path, code, text }: { path: string; code: string; text: Text }) {
  const [copied, setCopied] = useState(false);
  const url = absolute(path);
  const copy = () => {
    void navigator.clipboard?.writeText(url).then(() => setCopied(true), () => setCopied(false));
  };
  return (
    <div className="agent-link">
      <span>{text('myCode')}: <strong data-invite-code>{code}</strong></span>
      <span>{text('myLink')}: <code data-invite-link>{url}</code></span>
      <button type="button" className="button" onClick={copy}>{text('copy')}</button>
      {copied ? <span role="status">{text('copied')}</span> : null}
    </div>
  );
}

function ApplyForm({ onApply, busy, error, text }: { onApply: (contact: string, note: string) => Promise<boolean>; busy: boolean; error: string; text: Text }) {
  const [sent, setSent] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    void onApply(String(form.get('contact') ?? '').trim(), String(form.get('note') ?? '').trim()).then(setSent);
  };
  return (
    <form className="agent-form" onSubmit={submit} aria-labelledby="agent-apply-title">
      <h2 id="agent-apply-title">{text('applyTitle')}</h2>
      <label>
        {text('contact')}
        <input name="contact" required maxLength={100} autoComplete="off" />
      </label>
      <label>
        {text('note')}
        <textarea name="note" maxLength={500} rows={3} />
      </label>
      <button type="submit" className="button" disabled={busy}>{text('apply')}</button>
      {sent ? <p role="status">{text('applied')}</p> : null}
      <ErrorLine error={error} />
    </form>
  );
}

/**
 * /app/agent-page and /app/agent: the agent centre. A member sees its status (a boolean
 * from a call) and applies; an agent sees its month's figures (members invited, their
 * deposits and turnover, commission owed), its commission statements (owed, paid and when,
 * month by month), its link and its members. The forced agent migration switch shows a
 * notice when on.
 */
export function AgentCentrePage() {
  installAgentStyles();
  const text = usePageTexts(agentTexts);
  const centre = useAgentCentre();
  const status = centre.status.data;
  return (
    <section className="agent-page">
      <h1>{text('centreTitle')}</h1>
      {!centre.loggedIn ? <p>{text('logIn')}</p> : null}
      <ErrorLine error={centre.status.error} />
      {centre.loggedIn && !status && !centre.status.error ? <p>{text('loading')}</p> : null}
      {status ? (
        <>
          <p className="agent-panel" data-agent-status={status.isAgent ? 'agent' : 'member'}>{status.isAgent ? text('statusAgent') : text('statusMember')}</p>
          {isForcedMigrationOn(status.forcedMigration) ? <p className="agent-note" role="note">{text('migrationOn')}</p> : null}
          {!status.isAgent && status.application?.state === 'pending' ? (
            <p className="agent-panel">{text('pending', { time: new Date(status.application.createdAt).toLocaleString() })}</p>
          ) : null}
          {!status.isAgent && status.application?.state !== 'pending' ? (
            <div className="agent-panel">
              {status.application?.state === 'rejected' ? <p>{text('rejected', { reason: status.application.reason || '—' })}</p> : null}
              <ApplyForm onApply={centre.apply} busy={centre.busy} error={centre.error} text={text} />
            </div>
          ) : null}
          {status.isAgent ? <Figures load={centre.figures} text={text} /> : null}
          {status.isAgent ? <CommissionStatements load={centre.commission} text={text} /> : null}
          {centre.link.data ? (
            <section className="agent-panel" aria-labelledby="agent-link-title">
              <h2 id="agent-link-title">{text('myLink')}</h2>
              <CopyLink path={`/?r_code=${centre.link.data.inviteCode}`} code={centre.link.data.inviteCode} text={text} />
            </section>
          ) : null}
        </>
      ) : null}
      <Contacts text={text} />
    </section>
  );
}

function Figures({ load, text }: { load: ReturnType<typeof useAgentCentre>['figures']; text: Text }) {
  const figures = load.data;
  return (
    <section className="agent-panel" aria-labelledby="agent-figures-title">
      <h2 id="agent-figures-title">{text('figuresTitle')}</h2>
      <ErrorLine error={load.error} />
      {figures ? (
        <>
          <dl className="agent-figures" data-agent-figures>
            <div><dt>{text('invitedTotal')}</dt><dd data-figure="invitedTotal">{figures.invitedTotal}</dd></div>
            <div><dt>{text('invitedInPeriod')}</dt><dd>{figures.invitedInPeriod}</dd></div>
            <div><dt>{text('depositingMembers')}</dt><dd>{figures.depositingMembers}</dd></div>
            <div><dt>{text('deposits')}</dt><dd data-figure="depositsMinor" data-minor={figures.depositsMinor}>{text('yuan', { money: money(figures.depositsMinor) })}</dd></div>
            <div><dt>{text('turnover')}</dt><dd data-figure="turnoverMinor" data-minor={figures.turnoverMinor}>{text('yuan', { money: money(figures.turnoverMinor) })}</dd></div>
            <div><dt>{text('commission')}</dt><dd data-figure="commissionMinor" data-minor={figures.commissionMinor}>{text('yuan', { money: money(figures.commissionMinor) })}</dd></div>
            <div><dt>{text('pageViews')}</dt><dd>{figures.pageViews}</dd></div>
          </dl>
          <p>{text('agentRule', { rate: formatBasisPoints(figures.commissionRateBp) })}</p>
        </>
      ) : null}
    </section>
  );
}

function Tiers({ title, tiers, kind, text }: { title: string; tiers: InviteFriendInfo['peopleAwardList']; kind: 'people' | 'deposit'; text: Text }) {
  if (tiers.length === 0) return null;
  return (
    <div>
      <h3>{title}</h3>
      <ul className="agent-tiers">
        {tiers.map((tier) => (
          <li key={tier.threshold} data-reached={tier.reached}>
            {kind === 'people' ? text('peopleTier', { count: tier.threshold }) : text('depositTier', { money: money(tier.threshold) })} · {text('tierReward', { money: money(tier.rewardMinor) })} ·{' '}
            {tier.paid ? text('tierPaid') : tier.reached ? text('tierReached') : text('tierOpen')}
          </li>
        ))}
      </ul>
    </div>
  );
}

function FriendRows({ friends, activityId, reInvite, onRecall, text }: { friends: InvitedMember[]; activityId: number | undefined; reInvite: boolean; onRecall: (activityId: number, memberId: number) => void; text: Text }) {
  // Once a Beijing day per friend, as the server counts it.
  const nowMs = Date.now();
  return (
    <table className="agent-table" data-friends>
      <thead>
        <tr>
          <th scope="col">{text('friendName')}</th>
          <th scope="col">{text('friendRegistered')}</th>
          <th scope="col">{text('friendDeposits')}</th>
          <th scope="col">{text('friendTurnover')}</th>
          <th scope="col">{text('friendState')}</th>
          {reInvite && activityId ? <th scope="col">{text('recall')}</th> : null}
        </tr>
      </thead>
      <tbody>
        {friends.map((friend) => (
          <tr key={friend.memberId} data-friend={friend.memberId}>
            <td>{friend.name}</td>
            <td><DateTime at={friend.registeredAt} /></td>
            <td>{money(friend.depositsMinor)}</td>
            <td>{money(friend.turnoverMinor)}</td>
            <td>{friend.refusal || (friend.rewarded ? text('stateRewarded') : friend.qualified ? text('stateQualified') : text('stateWaiting'))}</td>
            {reInvite && activityId ? (
              <td>
                <button type="button" className="button" disabled={isBeijingToday(friend.recalledAt, nowMs)} onClick={() => onRecall(activityId, friend.memberId)} aria-label={`${text('recall')} ${friend.name}`}>
                  {isBeijingToday(friend.recalledAt, nowMs) ? text('recalled') : text('recall')}
                </button>
              </td>
            ) : null}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** The invite-friend page's body; `fissile` puts the invited friend's side first. */
function Invitation({ fissile }: { fissile: boolean }) {
  installAgentStyles();
  const text = usePageTexts(agentTexts);
  const invite = useInvite();
  const info = invite.info.data;
  const inviterStatus = info?.inviterApplyStatus ?? 0;
  const refusal = invite.refusal ? invite.refusal.message : '';
  const inviteeBlock = info && invite.loggedIn ? (
    <section className="agent-panel" aria-labelledby="invitee-title">
      <h2 id="invitee-title">{text('inviteeApply')}</h2>
      <p data-invitee-status={info.inviteeApplyStatus}>
        {info.inviteeApplyStatus === 2 ? text('inviteeDone') : info.inviteeApplyStatus === 1 ? text('inviteeCan', { money: money(info.inviteeRewardMinor) }) : text('inviteeNot', { deposit: money(info.qualifyDepositMinor) })}
      </p>
      {info.inviteeApplyStatus === 1 ? (
        <button type="button" className="button" disabled={invite.busy} onClick={() => void invite.applyAs('invitee', info.activityId, info.termsVersion)}>{text('inviteeApply')}</button>
      ) : null}
    </section>
  ) : null;
  return (
    <section className="agent-page">
      <h1>{fissile ? text('fissileTitle') : text('inviteTitle')}</h1>
      {fissile ? <p>{text('fissileLead')}</p> : null}
      {invite.info.error ? <p>{text('noActivity')}</p> : null}
      {!info && !invite.info.error ? <p>{text('loading')}</p> : null}
      {info ? (
        <div className="agent-panel">
          <h2>{info.title}</h2>
          <p>{text('inviteLead', { deposit: money(info.qualifyDepositMinor), fee: money(info.rewardFee), invitee: money(info.inviteeRewardMinor) })}</p>
          {invite.loggedIn ? <p data-member-num={info.memberNum}>{text('memberNum', { count: info.memberNum, qualified: info.qualifiedNum })}</p> : <p>{text('logIn')}</p>}
          <Tiers title={text('peopleAwards')} tiers={info.peopleAwardList} kind="people" text={text} />
          <Tiers title={text('depositAwards')} tiers={info.depositAwardList} kind="deposit" text={text} />
        </div>
      ) : null}
      {fissile ? inviteeBlock : null}
      {info && invite.loggedIn ? (
        <section className="agent-panel" aria-labelledby="inviter-title">
          <h2 id="inviter-title">{text('inviterApply')}</h2>
          <p data-inviter-status={inviterStatus}>
            {inviterStatus === 1 ? text('inviterDue', { money: money(info.dueMinor) }) : inviterStatus === 2 ? text('inviterDone') : text('inviterNothing')}
          </p>
          <div className="agent-actions">
            <button type="button" className="button" disabled={invite.busy || inviterStatus !== 1} onClick={() => void invite.applyAs('inviter', info.activityId, info.termsVersion)}>
              {text('inviterApply')}
            </button>
            <span className="terms-version">v{info.termsVersion}</span>
          </div>
        </section>
      ) : null}
      {invite.paid !== null ? <p role="status" data-paid-minor={invite.paid}>{text('paid', { money: money(invite.paid) })}</p> : null}
      <ErrorLine error={refusal} />
      {!fissile ? inviteeBlock : null}
      {invite.link.data ? (
        <section className="agent-panel" aria-labelledby="invite-link-title">
          <h2 id="invite-link-title">{fissile ? text('fissileShare') : text('myLink')}</h2>
          <CopyLink path={fissile ? `${invite.link.data.invitePath}&isfission=1` : invite.link.data.invitePath} code={invite.link.data.inviteCode} text={text} />
        </section>
      ) : null}
      {invite.loggedIn ? (
        <section className="agent-panel" aria-labelledby="friends-title">
          <h2 id="friends-title">{text('friendsTitle')}</h2>
          <ErrorLine error={invite.friends.error || invite.recallError} />
          {invite.friends.data && invite.friends.data.list.length === 0 ? <p>{text('noFriends')}</p> : null}
          {invite.friends.data && invite.friends.data.list.length > 0 ? (
            <FriendRows friends={invite.friends.data.list} activityId={info?.activityId} reInvite={info?.reInvite ?? false} onRecall={(activityId, memberId) => void invite.recall(activityId, memberId)} text={text} />
          ) : null}
        </section>
      ) : null}
      {info ? (
        <section className="agent-panel" aria-labelledby="invite-terms-title">
          <h2 id="invite-terms-title">{text('terms')}</h2>
          <p className="activity-terms">{info.termsText}</p>
        </section>
      ) : null}
    </section>
  );
}

/** /app/friendInvitation: the invite-friend activity: link, counts, tiers, awards, friends and recall. */
export function FriendInvitationPage() {
  return <Invitation fissile={false} />;
}

/** /app/fissile: the fission page: the invited friend's reward first, then its own link to pass on (isfission=1). */
export function FissilePage() {
  return <Invitation fissile />;
}
