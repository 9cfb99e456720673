import { describe, expect, it } from 'vitest';
import type { Message, MessageCounts } from '@lobby/sdk';
import { allRead, pageAfterDelete, pageCount, pageSelection, toggled, visibleTabs, withRead } from './inbox-logic.js';

const counts: MessageCounts = { activityCount: 2, noticeCount: 1, depositWithDrawCount: 0, privateCount: 3, showDwTab: false };
const message = (id: number, isRead = false): Message => ({ id, type: 1, title: `t${id}`, content: 'c', isRead, sticky: false, createdAt: id });

describe('inbox logic', () => {
  it('shows the deposit/withdrawal tab only when the counts say so or it is open', () => {
    expect(visibleTabs(counts, 1).map((tab) => tab.label)).toEqual(['activity', 'announcement', 'private']);
    expect(visibleTabs({ ...counts, showDwTab: true }, 1).map((tab) => tab.label)).toEqual(['activity', 'recharge', 'announcement', 'private']);
    expect(visibleTabs(counts, 3).map((tab) => tab.type)).toEqual([1, 3, 2, 0]);
  });

  it('counts pages of 20, at least one', () => {
    expect([pageCount(0, 20), pageCount(20, 20), pageCount(21, 20), pageCount(41, 20)]).toEqual([1, 1, 2, 3]);
  });

  it('marks one or all messages read without touching the others', () => {
    const list = [message(1), message(2, true), message(3)];
    expect(withRead(list, 3).map((m) => m.isRead)).toEqual([false, true, true]);
    expect(withRead(list, 99)).toEqual(list);
    expect(allRead(list).every((m) => m.isRead)).toBe(true);
    expect(list[0]!.isRead).toBe(false);
    expect(allRead(list, new Set([3, 99])).map((m) => m.isRead)).toEqual([false, true, true]);
  });

  it('selects messages one by one and tells how much of the page is selected', () => {
    const list = [message(1), message(2), message(3)];
    let selected = toggled(new Set(), 2, true);
    expect(pageSelection(list, selected)).toBe('some');
    selected = toggled(toggled(selected, 1, true), 3, true);
    expect(pageSelection(list, selected)).toBe('all');
    expect(pageSelection(list, toggled(selected, 2, false))).toBe('some');
    expect(pageSelection(list, new Set([99]))).toBe('none');
    expect(pageSelection([], new Set())).toBe('none');
    expect([...toggled(selected, 4, false)].sort()).toEqual([1, 2, 3]);
  });

  it('goes back a page when a delete empties the last page', () => {
    expect(pageAfterDelete(3, 41, 1, 20)).toBe(2);
    expect(pageAfterDelete(2, 41, 1, 20)).toBe(2);
    expect(pageAfterDelete(1, 5, 5, 20)).toBe(1);
  });
});
