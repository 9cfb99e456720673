import { atom } from 'nanostores';
import { formatClock, playSessionNow, realityCheckAcknowledge, type ApiClient, type PlaySession, type RealityCheckChoice } from '@lobby/sdk';

/**
 * The member's play session as the site frame knows it (issue 22; docs/RESPONSIBLE-PLAY.md):
 * the last `playSessionNow` answer and when it arrived, so the elapsed clock runs on between
 * reads. Null for a visitor or before the first read.
 */
export interface PlaySessionState {
  view: PlaySession;
  loadedAtMs: number;
}

export const $playSession = atom<PlaySessionState | null>(null);

/** Counts the writes of $playSession, so a read that left before a newer write cannot overwrite it. */
let writes = 0;

/**
 * Sets the play session from an answer the frame has just received (a read, a saved
 * setting) or clears it (null); a read still under way drops its older answer.
 */
export function takePlaySession(view: PlaySession | null): void {
  writes += 1;
  $playSession.set(view ? { view, loadedAtMs: Date.now() } : null);
}

/**
 * How many game frames deliver reality checks: frames whose game said `lobby.game.ready` and
 * has not left a prompt unacknowledged. While one does, a due reality check goes into the game
 * (postMessage) and the site's own dialog stays closed; otherwise the site's dialog shows it.
 */
export const $gameFramesOpen = atom(0);

/**
 * How long a game has to show a reality check it was sent (`lobby.game.realityCheckShown`)
 * before the site shows its own dialog over it (a game that failed to load, an error page, a
 * game that does not speak the protocol).
 */
export const REALITY_CHECK_ACK_MS = 4_000;

/** How often the frame reads the session while a member is logged in (the due time also wakes it). */
export const PLAY_SESSION_POLL_MS = 60_000;

/** The session's elapsed seconds at `nowMs`, running on from the last read. */
export function elapsedSecondsAt(state: PlaySessionState, nowMs: number): number {
  return state.view.elapsedSeconds + Math.max(0, Math.floor((nowMs - state.loadedAtMs) / 1000));
}

/** Elapsed time as h:mm:ss. @example formatElapsed(3725) // '1:02:05' */
export function formatElapsed(seconds: number): string {
  return formatClock(seconds, { hours: 'always' });
}

/** Milliseconds from the last read until the next prompt is due (null: none scheduled). */
export function msUntilPrompt(state: PlaySessionState, nowMs: number): number | null {
  const { nextPromptAt, serverTime, promptDue } = state.view;
  if (promptDue || nextPromptAt === null) return null;
  return Math.max(0, Date.parse(nextPromptAt) - Date.parse(serverTime) - (nowMs - state.loadedAtMs));
}

/**
 * One game frame's part in delivering reality checks. It counts in $gameFramesOpen only once
 * its game said `lobby.game.ready`, and stops counting when a prompt posted into it is not
 * acknowledged within REALITY_CHECK_ACK_MS (a late acknowledgement counts it again), so a
 * due reality check is never shown nowhere. `close` when the frame goes.
 *
 * @example const delivery = gameFrameDelivery(); delivery.ready(); delivery.promptSent(); delivery.acknowledged(); delivery.close();
 */
export function gameFrameDelivery() {
  let ready = false;
  let silent = false;
  let closed = false;
  let counted = false;
  let waiting: ReturnType<typeof setTimeout> | undefined;
  const update = () => {
    const count = ready && !silent && !closed;
    if (count === counted) return;
    counted = count;
    $gameFramesOpen.set(Math.max(0, $gameFramesOpen.get() + (count ? 1 : -1)));
  };
  const stopWaiting = () => {
    clearTimeout(waiting);
    waiting = undefined;
  };
  return {
    /** The game said `lobby.game.ready`: it is drawn and can show a prompt. */
    ready(): void {
      ready = true;
      update();
    },
    /** Whether prompts may be posted into the game (it said ready and the frame is open). */
    isReady: (): boolean => ready && !closed,
    /** A prompt was posted into the game: it has REALITY_CHECK_ACK_MS to show it. */
    promptSent(): void {
      if (closed || waiting !== undefined) return;
      waiting = setTimeout(() => {
        waiting = undefined;
        silent = true;
        update();
      }, REALITY_CHECK_ACK_MS);
    },
    /** The game showed the prompt (`lobby.game.realityCheckShown`) or answered it. */
    acknowledged(): void {
      stopWaiting();
      silent = false;
      update();
    },
    /** No prompt is due any more (answered here or elsewhere): nothing to wait for. */
    promptGone(): void {
      stopWaiting();
    },
    close(): void {
      closed = true;
      stopWaiting();
      update();
    },
  };
}

/**
 * Reads and answers the play session through `client`.
 *
 * @example const actions = playSessionActions(client); await actions.load(); await actions.answer('continue');
 */
export function playSessionActions(client: ApiClient) {
  let loading: Promise<void> | null = null;
  let again: Promise<void> | null = null;
  return {
    /**
     * Reads the session now; a visitor or an ended session leaves the state null. Asked while
     * a read is in flight, it reads again after that one (which left before the ask, so may
     * not see what the caller wants seen, such as a prompt falling due); asks meanwhile share it.
     */
    load(): Promise<void> {
      if (loading) {
        again ??= loading.then(() => {
          again = null;
          return this.load();
        });
        return again;
      }
      const before = writes;
      const take = (view: PlaySession | null) => {
        if (writes === before) takePlaySession(view);
      };
      loading = client
        .call(playSessionNow, {})
        .then(take, () => take(null))
        .finally(() => {
          loading = null;
        });
      return loading;
    },
    /**
     * Records the member's answer. Stop ends every login on the server; the caller then
     * forgets the session here (logOut). Continue and history read the session again.
     */
    async answer(choice: RealityCheckChoice): Promise<{ loggedOut: boolean }> {
      const answer = await client.call(realityCheckAcknowledge, { choice });
      if (answer.loggedOut) takePlaySession(null);
      else {
        // A read that left before the answer would show the answered prompt again.
        writes += 1;
        loading = null;
        await this.load();
      }
      return { loggedOut: answer.loggedOut };
    },
  };
}
