import { ODDS_CHANGE_POLICIES, type Fixture, type Market, type OddsChangePolicy, type OddsMilli } from '@lobby/sdk';
import { parseAmount, type AmountProblem } from '../wallet-amount.js';
import { keptSlipText, restoredSlip } from './slip-keep.js';
import { SLIP_LEGS_MAX, betKindOf, entryKey, legsOf, offeredKinds, policyTakes, slipTotals, withMarket, type SlipEntry, type SlipKind } from './slip.js';

/** What a placement answered, in the slip's words (the page's adapter maps the call's answer). */
export type PlaceAnswer =
  | { state: 'accepted'; betIds: string[]; balanceMinor?: number }
  | { state: 'pending'; betIds: string[]; decidesAtMs: number; balanceMinor?: number }
  | { state: 'refused'; code: string; message: string; balanceMinor?: number; prices?: Array<{ fixtureId: string; marketId: string; selectionId: string; odds: OddsMilli; marketVersion: number }> };

/** The placement request the slip sends. */
export interface PlaceRequest {
  slipId: string;
  legs: ReturnType<typeof legsOf>;
  bet: ReturnType<typeof betKindOf>;
  stakePerLineMinor: number;
  policy: OddsChangePolicy;
}

/**
 * Where the slip's placement is. A call with no answer (`failed`) keeps its slip id so a retry
 * is the same slip (idempotent), and locks the slip (`isLocked`) until the placement is
 * answered or the member's bets are read again (`checking`): found, the bets are the answer;
 * not found (`notTaken`), the slip is free again and placing it unchanged still sends that id.
 */
export type Placement =
  | { state: 'idle' }
  | { state: 'placing'; slipId: string }
  | { state: 'failed'; slipId: string; message: UnansweredMessage }
  | { state: 'checking'; slipId: string; message: UnansweredMessage }
  | { state: 'notTaken'; slipId: string }
  | { state: 'done'; answer: PlaceAnswer };

/** Why a placement has no answer: the failure's message, or null when a reload cut it off (the page words that in the language shown). */
export type UnansweredMessage = string | null;

export interface SlipState {
  entries: readonly SlipEntry[];
  kind: SlipKind;
  /** The stake per line as the member typed it (yuan). */
  stakeText: string;
  policy: OddsChangePolicy;
  placement: Placement;
}

export interface SlipStoreOptions {
  place: (request: PlaceRequest) => Promise<PlaceAnswer>;
  /**
   * The member's bets of a slip id, read again after a placement got no answer: the answer
   * they make, or null when no bet of that slip exists (it was not taken).
   */
  findPlaced?: (slipId: string) => Promise<PlaceAnswer | null>;
  newSlipId: () => string;
  /** Keeps the member's odds-change policy (local storage). */
  keep?: { get(): string | null; set(value: string): void };
  /** The message of a failed call. */
  messageOf?: (failure: unknown) => string;
  /**
   * Keeps the slip across a reload (local storage, slip-keep.ts): `set(null)` forgets it. A
   * placement the reload cut off comes back as `failed` with a null message (retried as the same slip).
   */
  keepSlip?: { get(): string | null; set(value: string | null): void };
}

type Listener = (state: SlipState) => void;

/**
 * Whether the slip is locked: a placement is under way or got no answer, so the server may
 * have taken it. A changed slip would be a new slip with a new id, a second bet beside one
 * perhaps taken; the slip stays as sent until the answer or the bets read again tell.
 */
export function isLocked(placement: Placement): boolean {
  return placement.state === 'placing' || placement.state === 'failed' || placement.state === 'checking';
}

/** The stake per line in minor units, or why the typed text is refused. */
export function stakeOf(state: Pick<SlipState, 'stakeText'>): { ok: true; minor: number } | { ok: false; problem: AmountProblem } {
  return parseAmount(state.stakeText, { decimals: 2 });
}

/**
 * The bet slip: selections from several matches, the bet kind, the stake per line, the
 * member's odds-change policy, prices moving under it, and the placement with a slip id
 * that a retry repeats. Components read `get()` through `subscribe` and call its actions.
 *
 * @example const slip = createSlipStore({ place, newSlipId: newIdempotencyKey }); slip.toggle(fixture, market, 'home')
 */
export function createSlipStore(options: SlipStoreOptions) {
  const keptPolicy = options.keep?.get();
  const kept = restoredSlip(options.keepSlip?.get() ?? null);
  let state: SlipState = {
    entries: kept?.entries ?? [],
    kind: kept?.kind ?? 'single',
    stakeText: kept?.stakeText ?? '',
    policy: ODDS_CHANGE_POLICIES.includes(keptPolicy as OddsChangePolicy) ? (keptPolicy as OddsChangePolicy) : 'accept_higher',
    placement: kept?.unansweredSlipId ? { state: 'failed', slipId: kept.unansweredSlipId, message: null } : { state: 'idle' },
  };
  const listeners = new Set<Listener>();
  const keepNow = () => {
    if (!options.keepSlip) return;
    const { placement } = state;
    // Bets taken (or waiting out their delay) are not offered again after a reload.
    const taken = placement.state === 'done' && (placement.answer.state === 'accepted' || placement.answer.state === 'pending');
    const unansweredSlipId = placement.state === 'placing' || placement.state === 'failed' || placement.state === 'checking' ? placement.slipId : null;
    options.keepSlip.set(taken ? null : keptSlipText({ entries: [...state.entries], kind: state.kind, stakeText: state.stakeText, unansweredSlipId }));
  };
  const set = (next: Partial<SlipState>) => {
    state = { ...state, ...next };
    keepNow();
    listeners.forEach((listener) => listener(state));
  };
  /**
   * A changed slip is a new slip: a finished placement, or one found not taken, is forgotten.
   * A locked slip does not change (isLocked).
   */
  const changed = (next: Partial<SlipState>) => {
    if (isLocked(state.placement)) return;
    const entries = next.entries ?? state.entries;
    const kinds = offeredKinds(entries);
    const kind = next.kind ?? state.kind;
    set({ ...next, kind: kinds.includes(kind) ? kind : 'single', placement: { state: 'idle' } });
  };

  const store = {
    get: (): SlipState => state,
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    has: (fixtureId: string, marketId: string, selectionId: string): boolean => state.entries.some((entry) => entryKey(entry) === entryKey({ fixtureId, marketId, selectionId })),
    /** Adds the selection (replacing another selection of the same market), or removes it when on the slip. */
    toggle(entry: SlipEntry): void {
      const key = entryKey(entry);
      if (state.entries.some((item) => entryKey(item) === key)) {
        changed({ entries: state.entries.filter((item) => entryKey(item) !== key) });
        return;
      }
      const others = state.entries.filter((item) => !(item.fixtureId === entry.fixtureId && item.marketId === entry.marketId));
      if (others.length >= SLIP_LEGS_MAX) return;
      const entries = [...others, entry];
      // Several matches suggest an accumulator, as a member building one expects.
      const kind = entries.length >= 2 && offeredKinds(entries).includes('accumulator') && state.kind === 'single' && state.entries.length < 2 ? 'accumulator' : state.kind;
      changed({ entries, kind });
    },
    remove(key: string): void {
      changed({ entries: state.entries.filter((item) => entryKey(item) !== key) });
    },
    clear(): void {
      changed({ entries: [] });
    },
    setKind(kind: SlipKind): void {
      if (offeredKinds(state.entries).includes(kind)) changed({ kind });
    },
    setStake(text: string): void {
      changed({ stakeText: text });
    },
    /** The member's odds-change policy; it is part of the placement, so a locked slip keeps its own. */
    setPolicy(policy: OddsChangePolicy): void {
      if (isLocked(state.placement)) return;
      options.keep?.set(policy);
      set({ policy });
    },
    /** A market of a fixture changed (push or detail): prices, versions and availability move on the slip. */
    applyMarket(fixtureId: string, market: Market, fixtureStatus?: Fixture['status']): void {
      if (!state.entries.some((entry) => entry.fixtureId === fixtureId && entry.marketId === market.id)) return;
      set({ entries: state.entries.map((entry) => (entry.fixtureId === fixtureId ? withMarket(entry, market, fixtureStatus) : entry)) });
    },
    /** The fixture's status changed (ended, cancelled): its selections can no longer be taken. */
    applyFixture(fixture: Pick<Fixture, 'id' | 'status'>): void {
      if (!state.entries.some((entry) => entry.fixtureId === fixture.id)) return;
      set({
        entries: state.entries.map((entry) =>
          entry.fixtureId === fixture.id ? { ...entry, fixtureStatus: fixture.status, open: entry.open && (fixture.status === 'scheduled' || fixture.status === 'live') } : entry,
        ),
      });
    },
    /**
     * A fixture read again (a kept slip after a reload): its markets move the slip as a push
     * would, and a selection whose market is no longer listed (withdrawn) cannot be taken.
     */
    applyDetail(fixture: Fixture, markets: readonly Market[]): void {
      if (!state.entries.some((entry) => entry.fixtureId === fixture.id)) return;
      for (const market of markets) store.applyMarket(fixture.id, market, fixture.status);
      store.applyFixture(fixture);
      const listed = new Set(markets.map((market) => market.id));
      if (state.entries.some((entry) => entry.fixtureId === fixture.id && entry.open && !listed.has(entry.marketId))) {
        set({ entries: state.entries.map((entry) => (entry.fixtureId === fixture.id && !listed.has(entry.marketId) ? { ...entry, open: false } : entry)) });
      }
    },
    /** The member accepts the prices now on the slip (after a change or a refusal naming new prices). */
    acceptPrices(): void {
      changed({ entries: state.entries.map((entry) => ({ ...entry, seenOdds: entry.odds, seenVersion: entry.version })) });
    },
    /** What stops placing now, if anything: no legs, a closed selection, a stake problem, an unaccepted price change. */
    blocker(): 'empty' | 'closed' | AmountProblem | 'priceChanged' | null {
      if (state.entries.length === 0) return 'empty';
      if (state.entries.some((entry) => !entry.open)) return 'closed';
      const stake = stakeOf(state);
      if (!stake.ok) return stake.problem;
      return policyTakes(state.policy, state.entries) ? null : 'priceChanged';
    },
    totals() {
      const stake = stakeOf(state);
      return slipTotals(state.entries, state.kind, stake.ok ? stake.minor : 0);
    },
    /**
     * Places the slip. A retry after a call with no answer sends the same slip (id and
     * content, kept by the lock), so the server answers the first placement instead of taking
     * the stake twice; so does a slip found not taken and placed unchanged.
     */
    async place(): Promise<void> {
      const stake = stakeOf(state);
      const { placement } = state;
      if (!stake.ok || state.entries.length === 0 || placement.state === 'placing' || placement.state === 'checking') return;
      const slipId = placement.state === 'failed' || placement.state === 'notTaken' ? placement.slipId : options.newSlipId();
      set({ placement: { state: 'placing', slipId } });
      try {
        const answer = await options.place({ slipId, legs: legsOf(state.entries), bet: betKindOf(state.kind), stakePerLineMinor: stake.minor, policy: state.policy });
        let entries = state.entries;
        if (answer.state === 'refused' && answer.prices) {
          // The new prices the server named: shown on the slip for the member to accept.
          entries = entries.map((entry) => {
            const price = answer.prices?.find((item) => item.fixtureId === entry.fixtureId && item.marketId === entry.marketId && item.selectionId === entry.selectionId);
            return price ? { ...entry, odds: price.odds, version: Math.max(entry.version, price.marketVersion) } : entry;
          });
        }
        set({ entries, placement: { state: 'done', answer } });
      } catch (failure) {
        set({ placement: { state: 'failed', slipId, message: options.messageOf?.(failure) ?? String(failure) } });
      }
    },
    /**
     * Reads the member's bets again after a placement got no answer: the bets of its slip id
     * are its answer; none means it was not taken, and the slip is free again. A read that
     * fails leaves the slip locked.
     */
    async checkPlaced(): Promise<void> {
      const { placement } = state;
      if (placement.state !== 'failed' || !options.findPlaced) return;
      const { slipId, message } = placement;
      set({ placement: { state: 'checking', slipId, message } });
      try {
        const answer = await options.findPlaced(slipId);
        set({ placement: answer ? { state: 'done', answer } : { state: 'notTaken', slipId } });
      } catch (failure) {
        set({ placement: { state: 'failed', slipId, message: options.messageOf?.(failure) ?? String(failure) } });
      }
    },
    /** A pending bet was decided (after its delay): the slip shows the final state. */
    decided(answer: PlaceAnswer): void {
      if (state.placement.state === 'done') set({ placement: { state: 'done', answer } });
    },
    /** After an accepted bet the member starts a new slip. */
    reset(): void {
      if (isLocked(state.placement)) return;
      set({ entries: [], kind: 'single', placement: { state: 'idle' } });
    },
  };
  return store;
}

export type SlipStore = ReturnType<typeof createSlipStore>;
