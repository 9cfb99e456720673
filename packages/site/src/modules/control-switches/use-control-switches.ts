import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import type { ControlSwitchType } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { $controlSwitches, loadControlSwitches, pathShown, type SwitchState } from './switches.js';

/** The brand's control switches, loading them on first use. */
export function useControlSwitches(): SwitchState {
  const { client } = useLobby();
  useEffect(() => {
    void loadControlSwitches(client);
  }, [client]);
  return useStore($controlSwitches);
}

/** Whether one feature is on. */
export function useSwitchOpen(type: ControlSwitchType): boolean {
  return useControlSwitches()[type];
}

/** A filter keeping the links whose route is on. */
export function useShownPaths(): (path: string) => boolean {
  const state = useControlSwitches();
  return (path) => pathShown(state, path);
}
