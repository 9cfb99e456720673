import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlaySession } from '@lobby/sdk';
import type { ApiClient } from '@lobby/sdk';
import { $gameFramesOpen, $playSession, REALITY_CHECK_ACK_MS, elapsedSecondsAt, formatElapsed, gameFrameDelivery, msUntilPrompt, playSessionActions, takePlaySession } from './session-store.js';
import { realityChoiceOf } from './game-reality-check.js';

const view: PlaySession = {
  serverTime: '2026-11-26T10:10:00.000Z', startedAt: '2026-11-26T10:00:00.000Z', elapsedSeconds: 600, stakesMinor: 0, winsMinor: 0, netMinor: 0,
  intervalMinutes: 15, nextPromptAt: '2026-11-26T10:15:00.000Z', promptDue: false, sessionLimitMinutes: null, sessionLimitReached: false,
  reviewDue: false, reviewDueAt: '2027-05-26T10:00:00.000Z',
};

describe('the play session in the site frame', () => {
  it('runs the elapsed clock on from the last read and formats it h:mm:ss', () => {
    expect(elapsedSecondsAt({ view, loadedAtMs: 1_000 }, 62_500)).toBe(661);
    expect(formatElapsed(3725)).toBe('1:02:05');
    expect(formatElapsed(59)).toBe('0:00:59');
  });

  it('wakes when the next prompt falls due, measured on the server clock', () => {
    expect(msUntilPrompt({ view, loadedAtMs: 1_000 }, 61_000)).toBe(240_000);
    expect(msUntilPrompt({ view: { ...view, promptDue: true }, loadedAtMs: 0 }, 0)).toBeNull();
    expect(msUntilPrompt({ view: { ...view, nextPromptAt: null }, loadedAtMs: 0 }, 0)).toBeNull();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('a game frame takes the reality check over only after ready, and counts once however often it closes', () => {
    const frame = gameFrameDelivery();
    // Mounted, the game not drawn yet (or failed to load, or on another origin): the site's dialog shows a due check.
    expect($gameFramesOpen.get()).toBe(0);
    expect(frame.isReady()).toBe(false);
    frame.ready();
    expect($gameFramesOpen.get()).toBe(1);
    frame.ready();
    expect($gameFramesOpen.get()).toBe(1);
    frame.close();
    frame.close();
    expect($gameFramesOpen.get()).toBe(0);
    expect(frame.isReady()).toBe(false);
  });

  it('gives the reality check back to the site when the game does not show it in time, and takes it again when it does', () => {
    vi.useFakeTimers();
    const frame = gameFrameDelivery();
    frame.ready();
    frame.promptSent();
    vi.advanceTimersByTime(REALITY_CHECK_ACK_MS - 1);
    expect($gameFramesOpen.get()).toBe(1);
    vi.advanceTimersByTime(1);
    expect($gameFramesOpen.get()).toBe(0);
    // A late acknowledgement: the game shows it after all.
    frame.acknowledged();
    expect($gameFramesOpen.get()).toBe(1);
    // Shown in time: the frame keeps it; a prompt that went away leaves nothing to wait for.
    frame.promptSent();
    frame.acknowledged();
    frame.promptSent();
    frame.promptGone();
    vi.advanceTimersByTime(REALITY_CHECK_ACK_MS * 2);
    expect($gameFramesOpen.get()).toBe(1);
    frame.close();
    expect($gameFramesOpen.get()).toBe(0);
  });

  it("takes a game's answer only from its own frame and origin, and only a known choice", () => {
    const frame = {} as Window;
    const origin = 'https://lobby.example';
    expect(realityChoiceOf({ origin, source: frame, data: { type: 'lobby.game.realityCheck', choice: 'stop' } }, frame, origin)).toBe('stop');
    expect(realityChoiceOf({ origin, source: {} as Window, data: { type: 'lobby.game.realityCheck', choice: 'stop' } }, frame, origin)).toBeNull();
    expect(realityChoiceOf({ origin: 'https://evil.example', source: frame, data: { type: 'lobby.game.realityCheck', choice: 'stop' } }, frame, origin)).toBeNull();
    expect(realityChoiceOf({ origin, source: frame, data: { type: 'lobby.game.realityCheck', choice: 'deposit' } }, frame, origin)).toBeNull();
  });

  it('drops a read that left before a newer answer (the saved interval stays shown)', async () => {
    let answerRead: (value: PlaySession) => void = () => undefined;
    const client = { call: () => new Promise<PlaySession>((resolve) => (answerRead = resolve)) } as unknown as ApiClient;
    const reading = playSessionActions(client).load();
    takePlaySession({ ...view, intervalMinutes: 30, nextPromptAt: '2026-11-26T10:40:00.000Z' });
    answerRead({ ...view, intervalMinutes: 0, nextPromptAt: null });
    await reading;
    expect($playSession.get()?.view).toMatchObject({ intervalMinutes: 30, nextPromptAt: '2026-11-26T10:40:00.000Z' });
    // A read that leaves after it is taken.
    const later = playSessionActions(client).load();
    answerRead({ ...view, intervalMinutes: 60 });
    await later;
    expect($playSession.get()?.view.intervalMinutes).toBe(60);
  });

  it('reads again after a read in flight when asked meanwhile, so a prompt falling due is not missed', async () => {
    const answers: Array<(value: PlaySession) => void> = [];
    const client = { call: vi.fn(() => new Promise<PlaySession>((resolve) => answers.push(resolve))) } as unknown as ApiClient;
    const actions = playSessionActions(client);
    const first = actions.load();
    const asked = [actions.load(), actions.load()]; // both asked while the first read is in flight: one read after it
    expect(client.call).toHaveBeenCalledTimes(1);
    answers[0]!({ ...view, promptDue: false });
    await first;
    await vi.waitFor(() => expect(client.call).toHaveBeenCalledTimes(2));
    answers[1]!({ ...view, promptDue: true });
    await Promise.all(asked);
    expect($playSession.get()?.view.promptDue).toBe(true);
    expect(client.call).toHaveBeenCalledTimes(2);
  });
});
