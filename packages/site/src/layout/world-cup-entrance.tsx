import { useStore } from '@nanostores/react';
import { $language, $siteConfig, CONTROL_SWITCH } from '@lobby/sdk';
import { useSwitchOpen } from '../modules/control-switches/use-control-switches.js';

/** Spec section 2: the world-cup entrance shows on festival skins 5 or 6, in zh-CN only. */
export const WORLD_CUP_SKIN_IDS: readonly number[] = [5, 6];

/**
 * True when the world-cup entrance shows.
 *
 * @example showsWorldCupEntrance(5, 'zh-CN') // true
 */
export function showsWorldCupEntrance(skinId: number | undefined, language: string): boolean {
  return skinId !== undefined && WORLD_CUP_SKIN_IDS.includes(skinId) && language === 'zh-CN';
}

/** The animated entrance to /worldCupLanding (a new tab); no login needed. */
export function WorldCupEntrance() {
  const siteConfig = useStore($siteConfig);
  const language = useStore($language);
  const open = useSwitchOpen(CONTROL_SWITCH.worldCup); // general control switch 5
  if (!open || !showsWorldCupEntrance(siteConfig?.skinId, language)) return null;
  return (
    <aside aria-label="世界杯">
      <a className="world-cup-entrance" href="/worldCupLanding" target="_blank" rel="noopener">
        世界杯
      </a>
    </aside>
  );
}
