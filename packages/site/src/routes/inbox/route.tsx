import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MESSAGE_PAGE_SIZE, type Message } from '@lobby/sdk';
import { Modal } from '../../app/auth/modal.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { toasts } from '../../modules/toast.js';
import { MemberCentre } from '../member-centre/member-centre.js';
import { pageCount, pageSelection, visibleTabs, type InboxTab } from './inbox-logic.js';
import { inboxTexts } from './texts.js';
import { DateTime } from '../../app/date-time.js';
import { useInbox, type Inbox as InboxState } from './use-inbox.js';
import { ErrorLine } from '../../modules/error-line.js';
import { PageButtons } from '../../modules/page-buttons.js';

/** /app/myCenter/inbox: unread counts by type, the messages of a type 20 a page, read, delete, one-key read and delete, and read or delete of the ticked messages. */
export function InboxPage() {
  return (
    <MemberCentre>
      <Inbox />
    </MemberCentre>
  );
}

function Inbox() {
  const inbox = useInbox();
  const t = usePageTexts(inboxTexts);
  const id = useId();
  const tabs = visibleTabs(inbox.counts, inbox.type);
  const open = tabs.find((tab) => tab.type === inbox.type)!;
  return (
    <div className="inbox">
      <div className="inbox-tabs" role="tablist" aria-label={t('tabs')} onKeyDown={(event) => moveTab(event, tabs, inbox)}>
        {tabs.map((tab) => (
          <button
            key={tab.type}
            id={`${id}-tab-${tab.type}`}
            type="button"
            role="tab"
            aria-selected={tab.type === inbox.type}
            aria-controls={`${id}-panel`}
            tabIndex={tab.type === inbox.type ? 0 : -1}
            className="inbox-tab"
            onClick={() => inbox.selectType(tab.type)}
          >
            {t(tab.label)}
            {inbox.counts[tab.counter] > 0 ? (
              <span className="inbox-badge" aria-label={t('unreadOf', { count: inbox.counts[tab.counter] })}>
                {inbox.counts[tab.counter]}
              </span>
            ) : null}
          </button>
        ))}
      </div>
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${inbox.type}`} className="inbox-panel">
        <Toolbar inbox={inbox} tabName={t(open.label)} unread={inbox.counts[open.counter]} />
        <ErrorLine error={inbox.error} />
        <MessageList inbox={inbox} />
      </div>
    </div>
  );
}

/** Arrow keys, Home and End move between the tabs (the WAI-ARIA tabs pattern), selecting and focusing the next one. */
function moveTab(event: KeyboardEvent, tabs: readonly InboxTab[], inbox: InboxState) {
  const index = tabs.findIndex((tab) => tab.type === inbox.type);
  const next = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 }[event.key];
  if (next === undefined) return;
  event.preventDefault();
  const target = tabs[(next + tabs.length) % tabs.length]!;
  inbox.selectType(target.type);
  const list = event.currentTarget as HTMLElement;
  requestAnimationFrame(() => list.querySelector<HTMLElement>('[aria-selected="true"]')?.focus());
}

function Toolbar({ inbox, tabName, unread }: { inbox: InboxState; tabName: string; unread: number }) {
  const t = usePageTexts(inboxTexts);
  const [confirming, setConfirming] = useState<'all' | 'selected' | null>(null);
  const [busy, setBusy] = useState(false);
  const total = inbox.data?.total ?? 0;
  const picked = inbox.selected.size;

  async function run(action: () => Promise<{ count: number } | string>, done: (count: number) => string) {
    setBusy(true);
    const outcome = await action();
    setBusy(false);
    setConfirming(null);
    if (typeof outcome === 'string') toasts.show(outcome, 'error');
    else toasts.show(done(outcome.count));
  }

  return (
    <div className="inbox-toolbar">
      <SelectShown inbox={inbox} />
      <button className="button secondary" type="button" disabled={busy || picked === 0} onClick={() => void run(() => inbox.changeSelected('read'), (count) => t('selectedRead', { count }))}>
        {t('readSelected', { count: picked })}
      </button>
      <button className="button secondary" type="button" disabled={busy || picked === 0} onClick={() => setConfirming('selected')}>
        {t('deleteSelected', { count: picked })}
      </button>
      <button className="button secondary" type="button" disabled={busy || unread === 0} onClick={() => void run(inbox.readAll, (count) => t('allRead', { count }))}>
        {t('readAll')}
      </button>
      <button className="button secondary" type="button" disabled={busy || total === 0} onClick={() => setConfirming('all')}>
        {t('deleteAll')}
      </button>
      {confirming ? (
        <Modal title={t('confirmTitle')} closeLabel={t('close')} onClose={() => setConfirming(null)}>
          <p>{confirming === 'all' ? t('confirmDeleteAll', { tab: tabName, count: total }) : t('confirmDeleteSelected', { count: picked })}</p>
          <div className="inbox-actions">
            <button
              className="button"
              type="button"
              disabled={busy}
              onClick={() => void run(confirming === 'all' ? inbox.removeAll : () => inbox.changeSelected('delete'), (count) => t('allDeleted', { count }))}
            >
              {t('confirm')}
            </button>
            <button className="button secondary" type="button" onClick={() => setConfirming(null)}>
              {t('cancel')}
            </button>
          </div>
        </Modal>
      ) : null}
    </div>
  );
}

/** The tick box of the shown page: ticks all or none, mixed while some are ticked. */
function SelectShown({ inbox }: { inbox: InboxState }) {
  const t = usePageTexts(inboxTexts);
  const box = useRef<HTMLInputElement>(null);
  const list = inbox.data?.list ?? [];
  const state = pageSelection(list, inbox.selected);
  useEffect(() => {
    if (box.current) box.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <label className="inbox-select-all">
      <input ref={box} type="checkbox" checked={state === 'all'} disabled={list.length === 0} onChange={(event) => inbox.selectShown(event.currentTarget.checked)} />
      {t('selectPage')}
    </label>
  );
}

function MessageList({ inbox }: { inbox: InboxState }) {
  const t = usePageTexts(inboxTexts);
  const shown = inbox.data;
  if (!shown) return <p className="page-loading">{t('loading')}</p>;
  if (shown.list.length === 0) return <p className="inbox-empty">{t('empty')}</p>;
  const pages = pageCount(shown.total, MESSAGE_PAGE_SIZE);
  return (
    <>
      <ul className="inbox-list">
        {shown.list.map((message) => (
          <MessageItem key={message.id} message={message} inbox={inbox} />
        ))}
      </ul>
      <PageButtons
        className="inbox-pager"
        label={t('pager')}
        page={shown.page}
        pages={pages}
        pageOf={t('pageOf', { page: shown.page, pages, total: shown.total })}
        previous={t('previous')}
        next={t('next')}
        onPage={(page) => inbox.selectPage(page)}
      />
    </>
  );
}

function MessageItem({ message, inbox }: { message: Message; inbox: InboxState }) {
  const t = usePageTexts(inboxTexts);
  const id = useId();
  const [expanded, setExpanded] = useState(false);

  async function toggle() {
    setExpanded((shown) => !shown);
    const problem = await inbox.read(message);
    if (problem) toasts.show(problem, 'error');
  }

  async function remove() {
    const problem = await inbox.remove(message);
    toasts.show(problem || t('deleted'), problem ? 'error' : 'info');
  }

  return (
    <li className={message.isRead ? 'inbox-item' : 'inbox-item unread'} data-message-id={message.id}>
      <div className="inbox-item-head">
        <input
          type="checkbox"
          className="inbox-pick"
          aria-label={t('selectOf', { title: message.title })}
          checked={inbox.selected.has(message.id)}
          onChange={(event) => inbox.select(message.id, event.currentTarget.checked)}
        />
        <button className="inbox-title" type="button" aria-expanded={expanded} aria-controls={`${id}-content`} onClick={() => void toggle()}>
          {message.sticky ? <span className="inbox-sticky">{t('sticky')}</span> : null}
          {message.isRead ? null : <span className="inbox-unread">{t('unread')}</span>}
          <span>{message.title}</span>
        </button>
        <DateTime className="inbox-time" at={message.createdAt} />
        <button className="link-button" type="button" aria-label={t('deleteOf', { title: message.title })} onClick={() => void remove()}>
          {t('delete')}
        </button>
      </div>
      <p id={`${id}-content`} className="inbox-content" hidden={!expanded}>
        {message.content}
      </p>
    </li>
  );
}
