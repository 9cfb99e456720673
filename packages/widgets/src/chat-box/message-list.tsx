import { Component } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import type { Language } from '@lobby/sdk';
import type { ChatEntry } from './room-session.js';
import { text } from './texts.js';

/** Entries per block: off-screen blocks are skipped by the browser and not re-rendered. */
export const BLOCK_SIZE = 50;

export interface EntryTools {
  admin: boolean;
  mute(entry: ChatEntry): void;
  pin(entry: ChatEntry): void;
  remove(entry: ChatEntry): void;
  /** A reader chose to follow a followable order push (the box emits lobby-order-follow). */
  follow(entry: ChatEntry): void;
}

/**
 * What an order push shows: its order id (as text) and whether it offers Follow; null for
 * any other entry, and for an order entry without an order (never rendered as one).
 *
 * @example orderView(entry) // { orderId: 'B2026', followable: true }
 */
export function orderView(entry: ChatEntry): { orderId: string; followable: boolean } | null {
  if (entry.kind !== 'order' || !entry.order) return null;
  return { orderId: entry.order.orderId, followable: entry.order.orderFollow === 1 };
}

/** Splits entries into blocks of BLOCK_SIZE by position; only the last block changes as messages arrive. */
export function blocksOf(entries: readonly ChatEntry[]): ChatEntry[][] {
  const blocks: ChatEntry[][] = [];
  for (let i = 0; i < entries.length; i += BLOCK_SIZE) blocks.push(entries.slice(i, i + BLOCK_SIZE));
  return blocks;
}

/** One entry. Everything a member typed is a text node: never HTML, never a link. */
function Entry({ entry, lang, tools }: { entry: ChatEntry; lang: Language; tools: EntryTools }) {
  const push = entry.kind === 'gift' || entry.kind === 'order' || entry.kind === 'activity' || entry.kind === 'welcome';
  const order = orderView(entry);
  return (
    <div class="entry" data-kind={entry.kind} data-id={entry.id} data-order-id={order?.orderId} data-follow={order ? String(order.followable) : undefined}>
      {push && <span class="tag">{text(lang, entry.kind as 'gift')}</span>}
      <span class="nick">{entry.nickName}</span>
      <span class="content">{order ? order.orderId : entry.content}</span>
      {order?.followable && (
        <button type="button" class="follow" onClick={() => tools.follow(entry)}>
          {text(lang, 'follow')}
        </button>
      )}
      {tools.admin && (
        <span class="tools">
          {entry.kind === 'text' && entry.memberId !== null && !entry.isAdmin && (
            <button type="button" onClick={() => tools.mute(entry)}>{text(lang, 'mute')}</button>
          )}
          <button type="button" onClick={() => tools.pin(entry)}>{text(lang, 'pin')}</button>
          <button type="button" onClick={() => tools.remove(entry)}>{text(lang, 'delete')}</button>
        </span>
      )}
    </div>
  );
}

type BlockProps = { entries: ChatEntry[]; lang: Language; tools: EntryTools };

/** A block re-renders only when its own entries, the language or the tools change. */
class Block extends Component<BlockProps> {
  override shouldComponentUpdate(next: BlockProps): boolean {
    return next.lang !== this.props.lang || next.tools !== this.props.tools || !sameEntries(next.entries, this.props.entries);
  }

  render({ entries, lang, tools }: BlockProps) {
    return (
      <div class="block">
        {entries.map((entry) => (
          <Entry key={entry.id} entry={entry} lang={lang} tools={tools} />
        ))}
      </div>
    );
  }
}

function sameEntries(a: ChatEntry[], b: ChatEntry[]): boolean {
  return a.length === b.length && a.every((entry, i) => entry === b[i]);
}

/** The scrolling list; sticks to the bottom while the reader is at the bottom. */
export function MessageList({ entries, lang, tools }: { entries: readonly ChatEntry[]; lang: Language; tools: EntryTools }) {
  const list = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  useEffect(() => {
    const element = list.current;
    if (element && atBottom.current) element.scrollTop = element.scrollHeight;
  }, [entries]);
  const onScroll = () => {
    const element = list.current;
    if (element) atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
  };
  return (
    <div class="list" ref={list} onScroll={onScroll} role="log" aria-live="polite">
      {entries.length === 0 ? <div class="empty">{text(lang, 'empty')}</div> : null}
      {blocksOf(entries).map((block) => (
        <Block key={block[0]!.id} entries={block} lang={lang} tools={tools} />
      ))}
    </div>
  );
}
