import { useCallback, useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import {
  $language, $session, ApiError, NEW_TASK_MODAL, newTaskInfo, newTaskPackageSign, newTaskReceive, verifyFairRecord, type NewTask, type NewTaskInfo, type NewTaskKind,
  type NewTaskPackage, type ScratchCard,
} from '@lobby/sdk';
import { Modal } from '../../../app/auth/modal.js';
import { DateTime } from '../../../app/date-time.js';
import { useLobby } from '../../../app/lobby-context.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { refusalText } from '../../../modules/refusal.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { ActivityFrame, ActivityShell, ClaimButton, activityIdOf, adoptStyles, useClaim, type LoadedActivity } from '../shared/index.js';
import { taskTexts } from './texts.js';

type Text = ReturnType<typeof usePageTexts<keyof (typeof taskTexts)['en']>>;
const money = (minor: number) => formatMinor(minor, 2);

const TASK_CSS = `
.task-cards { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(auto-fill, minmax(260px, 1fr)); gap: 12px; }
.task-card { display: flex; flex-direction: column; gap: 6px; padding: 12px 16px; border: 1px solid var(--lobby-border); border-radius: 8px; background: var(--lobby-surface); }
.task-card h3 { margin: 0; font-size: 1rem; }
.task-card p { margin: 0; }
.task-status { font-weight: 600; }
.package-days { list-style: none; margin: 0 0 8px; padding: 0; display: flex; flex-wrap: wrap; gap: 8px; }
.package-days li { padding: 4px 10px; border: 1px solid var(--lobby-border); border-radius: 6px; }
.package-days li[data-signed] { background: #e9f5ec; }
.package-days li[aria-current] { border-color: var(--lobby-primary); border-width: 2px; }
.scratch-seed { overflow-wrap: anywhere; font-family: ui-monospace, monospace; font-size: .85rem; }
`;
let stylesInstalled = false;

/** What the page's modal shows: the spec's new-task modal type and its line. */
interface ModalState { type: number; line: string }

/**
 * /app/newTask/{id}: new-member tasks (issue 20; docs/SIGN-IN-AND-TASKS.md). Task cards by
 * kind (New 1 is the scratch card, Deposit 2, Withdrawal 3, GameFirst 4, GamePackage 5,
 * Reborn 6) with their receive status and progress, the package's sign row, the scratch
 * card with its fairness data, and the new-task modals (1 and 3 after a scratch, 5 after a
 * reward, 6 when the reborn bonus is refused, 8 for any other refusal).
 */
export function NewTaskPage() {
  const id = activityIdOf(useParams().id);
  return <ActivityShell id={id}>{(load) => <NewTasks load={load} />}</ActivityShell>;
}

function useNewTask(id: number) {
  const { client } = useLobby();
  const token = useStore($session)?.token ?? '';
  const [attempt, setAttempt] = useState(0);
  const [info, setInfo] = useState<NewTaskInfo | undefined>(undefined);
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    client.call(newTaskInfo, { id }).then(
      (answer) => current && (setInfo(answer), setError('')),
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, id, token, attempt]);
  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { info, error, reload };
}

function NewTasks({ load }: { load: LoadedActivity }) {
  if (!stylesInstalled) {
    stylesInstalled = true;
    adoptStyles(TASK_CSS);
  }
  const text = usePageTexts(taskTexts);
  const language = useStore($language);
  const { client } = useLobby();
  const id = load.detail.id;
  const { info, error, reload } = useNewTask(id);
  const { claim, busy, refusal } = useClaim(reload);
  const [modal, setModal] = useState<ModalState | null>(null);
  const closeModal = useCallback(() => setModal(null), []);

  async function receive(kind: NewTaskKind, termsVersion: number) {
    const request = { id, kind, termsVersion };
    const answer = await claim(request, (key) => client.call(newTaskReceive, request, { idempotencyKey: key }));
    if (answer) {
      const line = answer.modal === NEW_TASK_MODAL.scratchWon ? text('modal1', { money: money(answer.amountMinor) })
        : answer.modal === NEW_TASK_MODAL.scratchEmpty ? text('modal3')
          : answer.modal === NEW_TASK_MODAL.scratchNone ? text('modal0') : text('modal5', { money: money(answer.amountMinor) });
      setModal({ type: answer.modal, line });
    } else {
      setModal({ type: kind === 6 ? NEW_TASK_MODAL.reliveFailure : NEW_TASK_MODAL.transferFailure, line: kind === 6 ? text('modal6') : text('modal8') });
    }
  }
  async function signPackage(termsVersion: number) {
    const request = { id, termsVersion, packageSign: true };
    await claim(request, () => client.call(newTaskPackageSign, { id, termsVersion }));
  }

  const refusalLine = refusalText(refusal, language);
  return (
    <ActivityFrame load={load}>
      {error ? <ErrorLine error={error} /> : null}
      {!info ? <p className="content-loading">{text('loading')}</p> : (
        <>
          <section className="activity-panel" aria-labelledby="task-list-title">
            <h2 id="task-list-title">{text('tasks')}</h2>
            {!info.loggedIn ? <p>{text('logIn')}</p> : null}
            {info.loggedIn && !info.window ? <p className="hint">{text('notNew')}</p> : null}
            {info.window ? (
              <p>
                {text('window')}
                <DateTime at={info.window.opensAt} /> – <DateTime at={info.window.closesAt} />
              </p>
            ) : null}
            <ul className="task-cards">
              {info.tasks.map((task) => (
                <TaskCard key={task.kind} task={task} info={info} text={text} busy={busy} onReceive={(version) => void receive(task.kind, version)} />
              ))}
            </ul>
          </section>
          {info.package ? <PackageRow pack={info.package} info={info} text={text} busy={busy} onSign={(version) => void signPackage(version)} onReceive={(version) => void receive(5, version)} /> : null}
          {info.scratch ? <ScratchPanel card={info.scratch} text={text} /> : null}
          <ErrorLine error={refusalLine} />
        </>
      )}
      {modal ? (
        <Modal title={text('modalTitle')} closeLabel={text('close')} onClose={closeModal}>
          <p className="new-task-modal" data-modal={modal.type}>{modal.line}</p>
          {modal.type === NEW_TASK_MODAL.reliveFailure || modal.type === NEW_TASK_MODAL.transferFailure ? <p>{refusalLine}</p> : null}
        </Modal>
      ) : null}
    </ActivityFrame>
  );
}

function goalOf(task: NewTask, text: Text): string {
  if (task.kind === 1) return text('goal1', { money: money(task.rewardMinor) });
  if (task.kind === 5) return text('goal5', { target: task.targetMinor, progress: task.progressMinor });
  return text(`goal${task.kind}` as 'goal2', { target: money(task.targetMinor), progress: money(task.progressMinor) });
}

function statusWord(task: NewTask, text: Text): string {
  if (task.status === 1 && task.kind === 4) return text('status1_4');
  if (task.status === 1 && task.kind === 2) return text('status1_2');
  return text(`status${task.status}` as 'status0');
}

function TaskCard({ task, info, text, busy, onReceive }: { task: NewTask; info: NewTaskInfo; text: Text; busy: boolean; onReceive: (termsVersion: number) => void }) {
  const titleId = `task-${task.kind}-title`;
  return (
    <li className="task-card" data-kind={task.kind} data-status={task.status} aria-labelledby={titleId}>
      <h3 id={titleId}>{text(`kind${task.kind}` as 'kind1')}</h3>
      <p>{goalOf(task, text)}</p>
      {task.kind !== 1 ? <p>{text('reward', { money: money(task.rewardMinor) })}</p> : null}
      <p className="task-status">{statusWord(task, text)}</p>
      {task.status === 3 ? <p>{text('receivedMoney', { money: money(task.receivedMinor) })}</p> : null}
      {task.kind !== 5 && (task.status === 2 || task.status === 1) && info.loggedIn ? (
        <ClaimButton termsVersion={info.activity.termsVersion} busy={busy} disabled={task.status !== 2 && task.kind !== 6} onClaim={onReceive}>
          {task.kind === 1 ? text('scratch') : text('receive')}
        </ClaimButton>
      ) : null}
    </li>
  );
}

function PackageRow({ pack, info, text, busy, onSign, onReceive }: { pack: NewTaskPackage; info: NewTaskInfo; text: Text; busy: boolean; onSign: (v: number) => void; onReceive: (v: number) => void }) {
  const label = text(`sign${pack.signButton}` as 'sign0');
  return (
    <section className="activity-panel" aria-labelledby="package-title">
      <h2 id="package-title">{text('package')}</h2>
      <p>{text('packageRule', { deposit: money(pack.dayDepositMinor), bet: money(pack.dayBetMinor), days: pack.sumSignCount, money: money(pack.awardMinor), todayDeposit: money(pack.todayDepositMinor), todayBet: money(pack.todayBetMinor) })}</p>
      {pack.signList.length > 0 ? (
        <ol className="package-days">
          {pack.signList.map((day) => (
            <li key={day.day} {...(day.signed ? { 'data-signed': '' } : {})} {...(day.index === pack.currentDay ? { 'aria-current': 'date' as const } : {})}>
              {text('packageDay', { n: day.index })} {day.signed ? text('packageSigned') : text('packageNotSigned')}
            </li>
          ))}
        </ol>
      ) : null}
      {info.loggedIn ? (
        <ClaimButton termsVersion={info.activity.termsVersion} busy={busy} disabled={pack.signButton !== 1 && pack.signButton !== 2} onClaim={pack.signButton === 2 ? onReceive : onSign} className={`package-sign sign-${pack.signButton}`}>
          {label}
        </ClaimButton>
      ) : null}
    </section>
  );
}

function ScratchPanel({ card, text }: { card: ScratchCard; text: Text }) {
  const [verdict, setVerdict] = useState('');
  useEffect(() => {
    let current = true;
    if (card.serverSeed && card.pickedIndex !== null) {
      void verifyFairRecord({ serverSeed: card.serverSeed, seedHash: card.seedHash, clientSeed: card.clientSeed, nonce: card.nonce, rule: { kind: 'pick', weights: card.prizes.map((prize) => prize.weight) }, result: card.pickedIndex })
        .then((check) => current && setVerdict(check.hashMatches && check.resultMatches ? text('verifyOk') : text('verifyBad')));
    }
    return () => {
      current = false;
    };
  }, [card, text]);
  return (
    <section className="activity-panel" aria-labelledby="scratch-title">
      <h2 id="scratch-title">{text('scratchCard')}</h2>
      <p>{text('prizes', { list: card.prizes.map((prize) => money(prize.amountMinor)).join(' / ') })}</p>
      {card.amountMinor !== null ? <p className="scratch-result">{text('scratched', { money: money(card.amountMinor) })}</p> : null}
      <p className="scratch-seed">{text('seedHash', { hash: card.seedHash })}</p>
      {card.serverSeed ? <p className="scratch-seed">{text('seedRevealed', { seed: card.serverSeed })}</p> : <p className="hint">{text('seedAt')}<DateTime at={card.revealsAt} /></p>}
      {verdict ? <p role="status">{verdict}</p> : null}
    </section>
  );
}

