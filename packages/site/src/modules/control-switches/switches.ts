import { atom } from 'nanostores';
import { CONTROL_SWITCH, generalControlSwitches, type ApiClient, type ControlSwitchType } from '@lobby/sdk';

/**
 * The brand's general control switches 1 to 6 (docs/SITE-CONFIG.md "Control switches"),
 * read once per page load. Until they are known every feature shows (the server refuses a
 * switched-off feature's calls anyway); a switch that is off hides its entrances.
 */
export type SwitchState = Readonly<Record<ControlSwitchType, boolean>>;

const ALL_OPEN: SwitchState = { 1: true, 2: true, 3: true, 4: true, 5: true, 6: true };

export const $controlSwitches = atom<SwitchState>(ALL_OPEN);

let loading: Promise<void> | undefined;

/** Loads the switches once (later calls share the first load); a failed load leaves every feature shown. */
export function loadControlSwitches(client: ApiClient): Promise<void> {
  loading ??= client.call(generalControlSwitches, {}).then(
    ({ list }) => {
      const state = { ...ALL_OPEN };
      for (const entry of list) state[entry.switchType] = entry.open;
      $controlSwitches.set(state);
    },
    () => undefined,
  );
  return loading;
}

/** Forgets the loaded switches (tests). */
export function resetControlSwitches(): void {
  loading = undefined;
  $controlSwitches.set(ALL_OPEN);
}

/** The site routes behind each switch: their links hide while it is off. */
const ROUTE_SWITCH: readonly [RegExp, ControlSwitchType][] = [
  [/^\/app\/news(\/|$)/, CONTROL_SWITCH.footballIntelligence],
  [/^\/app\/anchor-game(\/|$|\?)/, CONTROL_SWITCH.anchor],
  [/^\/app\/(sport|venuesSport)(\/|$)/, CONTROL_SWITCH.sports],
  [/^\/(worldCupLanding|app\/world-cup-guess)(\/|$)/, CONTROL_SWITCH.worldCup],
];

/**
 * The switch a site route depends on, if any.
 *
 * @example switchOfPath('/app/sport') // 4
 */
export function switchOfPath(path: string): ControlSwitchType | undefined {
  return ROUTE_SWITCH.find(([pattern]) => pattern.test(path))?.[1];
}

/** Whether a link to `path` shows under the switches. */
export function pathShown(state: SwitchState, path: string): boolean {
  const type = switchOfPath(path);
  return type === undefined || state[type];
}
