import { useCallback, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $language, $session, CODE, activityEntryInsert, discountApply, errorMessage, type ActivityDetail, type ActivityFormField } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { RefusalLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { ActivityFrame, ClaimButton, ConditionList, useClaim, type LoadedActivity } from '../shared/index.js';
import { listTexts } from './texts.js';
import { useEntryCheck } from './use-entry-check.js';

/** The parts of a discount's config its page shows (the server checked them when the operator wrote them). */
interface DiscountView {
  rewardMinor: number;
  wallet: 'centre' | 'bonus';
  wageringMultiple: number;
  repeat: 'once' | 'daily';
  form: ActivityFormField[];
}

/**
 * A discount's rules from its detail's config, with the server's defaults.
 *
 * @example discountView({ rewardMinor: 100 }).wallet // 'centre'
 */
export function discountView(config: ActivityDetail['config']): DiscountView {
  const wallet = config.wallet === 'bonus' ? 'bonus' : 'centre';
  const form = Array.isArray(config.form) ? (config.form as Partial<ActivityFormField>[]) : [];
  return {
    rewardMinor: typeof config.rewardMinor === 'number' ? config.rewardMinor : 0,
    wallet,
    wageringMultiple: wallet === 'bonus' ? (typeof config.wageringMultiple === 'number' ? config.wageringMultiple : 1) : 0,
    repeat: config.repeat === 'daily' ? 'daily' : 'once',
    form: form.map((field) => ({ name: String(field.name), label: String(field.label), required: field.required === true, maxLength: typeof field.maxLength === 'number' ? field.maxLength : 200 })),
  };
}

/**
 * /app/discountDetails/{id} and /app/preferentialActivity/{id}: an apply-for offer. The page
 * shows the reward, the wallet it lands in (with the wagering of a bonus), the conditions, the
 * entry check's verdict, the content form, a join button when the activity needs joining, and
 * the apply button with the terms version it sends.
 */
export function DiscountView({ load }: { load: LoadedActivity }) {
  const { client } = useLobby();
  const text = usePageTexts(listTexts);
  const session = useStore($session);
  const language = useStore($language);
  const { detail } = load;
  const view = discountView(detail.config);
  const [attempt, setAttempt] = useState(0);
  const reload = load.reload;
  const afterAnswer = useCallback(() => {
    reload();
    setAttempt((value) => value + 1);
  }, [reload]);
  const check = useEntryCheck(detail.id, attempt);
  const { claim, busy, refusal } = useClaim(afterAnswer);
  const [answers, setAnswers] = useState<Record<string, string>>({});
  const [done, setDone] = useState('');
  const money = formatMinor(view.rewardMinor, 2);
  const walletWord = view.wallet === 'bonus' ? text('walletBonus', { multiple: view.wageringMultiple }) : text('walletCentre');

  async function apply(termsVersion: number) {
    setDone('');
    const form = Object.fromEntries(Object.entries(answers).filter(([, value]) => value.trim() !== ''));
    const request = { id: detail.id, termsVersion, ...(Object.keys(form).length > 0 ? { form } : {}) };
    const answer = await claim(request, (idempotencyKey) => client.call(discountApply, request, { idempotencyKey }));
    if (answer) setDone(text('appliedNote', { money: formatMinor(answer.amountMinor, 2), wallet: walletWord }));
  }
  async function join(termsVersion: number) {
    setDone('');
    const answer = await claim({ join: detail.id, termsVersion }, () => client.call(activityEntryInsert, { id: detail.id, termsVersion }));
    if (answer) setDone(text('joinedNote'));
  }

  const applied = check?.code === CODE.activityAlreadyApplied;
  const mustJoin = detail.needsJoin && !detail.joined;
  const live = detail.status === 1 && !detail.paused;
  return (
    <ActivityFrame load={load}>
      <section className="activity-panel" aria-labelledby="discount-offer-title">
        <h2 id="discount-offer-title">{text('offer')}</h2>
        <dl className="activity-facts">
          <dt>{text('reward')}</dt>
          <dd className="discount-reward">{text('rewardMoney', { money })}</dd>
          <dt>{text('wallet')}</dt>
          <dd>{walletWord}</dd>
          <dt>{text('repeat')}</dt>
          <dd>{view.repeat === 'daily' ? text('repeatDaily') : text('repeatOnce')}</dd>
        </dl>
      </section>
      <ConditionList conditions={detail.conditions} />
      <section className="activity-panel activity-claim" aria-labelledby="discount-apply-title">
        <h2 id="discount-apply-title">{mustJoin ? text('join') : text('apply')}</h2>
        {!session ? <p>{text('logIn')}</p> : null}
        {session && !live ? <p>{text('notLive')}</p> : null}
        {session && check && !check.allowed && !applied && check.code !== CODE.activityNotJoined ? (
          <p className="hint entry-line" data-entry={check.code}>
            {errorMessage(check.code, '', language)}: {check.reason}
          </p>
        ) : null}
        {view.form.length > 0 && !mustJoin ? <ContentForm fields={view.form} answers={answers} onChange={setAnswers} /> : null}
        {mustJoin ? (
          <ClaimButton termsVersion={detail.termsVersion} busy={busy} disabled={!session || !live} onClaim={(version) => void join(version)}>
            {text('join')}
          </ClaimButton>
        ) : (
          <ClaimButton termsVersion={detail.termsVersion} busy={busy} disabled={!session || !live || applied || (check !== undefined && !check.allowed)} onClaim={(version) => void apply(version)}>
            {applied ? text('applied') : text('apply')}
          </ClaimButton>
        )}
        {done ? (
          <p className="notice activity-done" role="status">
            {done}
          </p>
        ) : null}
        <RefusalLine refusal={refusal} />
      </section>
    </ActivityFrame>
  );
}

function ContentForm({ fields, answers, onChange }: { fields: ActivityFormField[]; answers: Record<string, string>; onChange: (answers: Record<string, string>) => void }) {
  const text = usePageTexts(listTexts);
  return (
    <fieldset className="activity-form">
      <legend>{text('form')}</legend>
      {fields.map((field) => (
        <label key={field.name}>
          <span>
            {field.label}
            {field.required ? ` ${text('required')}` : ''}
          </span>
          <input
            name={field.name}
            type="text"
            maxLength={field.maxLength}
            required={field.required}
            value={answers[field.name] ?? ''}
            onChange={(event) => onChange({ ...answers, [field.name]: event.target.value })}
          />
        </label>
      ))}
    </fieldset>
  );
}
