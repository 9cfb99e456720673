/** The maintenance window of the site base config: ms since the epoch. */
export interface MaintenanceWindow {
  start: number;
  end: number;
}

/** Pages a visitor may still see during maintenance (the maintenance pages themselves). */
const maintenancePages = /^\/(?:app\/)?maintenance\/?$/i;

/**
 * True when the visitor must be sent to /maintenance: a window is set, now is inside it,
 * and the page is not a maintenance page already.
 *
 * @example mustShowMaintenance({ start: 0, end: 2e12 }, '/app/home', Date.now()) // true
 */
export function mustShowMaintenance(window: MaintenanceWindow | null | undefined, pathname: string, nowMs: number): boolean {
  if (!window || maintenancePages.test(pathname)) return false;
  return nowMs >= window.start && nowMs < window.end;
}
