import type { SiteBaseConfig } from '@lobby/sdk';
import { safeStorage } from '../modules/safe-storage.js';

/**
 * The robot check of spec section 2: the first challenge (the server asking for a
 * captcha) sends the visitor to /robot-check/{verifyType}/{afsType}/{anjiType}; the page
 * they came from is kept in session storage, the solved check in local storage, and the
 * check page returns them. The login then sends the stored answer once.
 */
export const ROBOT_RETURN_KEY = 'lobby.robotCheckReturn';
export const ROBOT_RESULT_KEY = 'lobby.robotCheck';
/** The verify type of the image captcha, the one the server's sandbox provides. */
export const IMAGE_VERIFY_TYPE = 'image';

export interface RobotResult {
  captchaId: string;
  captchaCode: string;
}

const session = safeStorage(() => globalThis.sessionStorage);
const local = safeStorage(() => globalThis.localStorage);

/**
 * The robot-check path for the brand's captcha config.
 *
 * @example robotCheckPath(config) // '/robot-check/image/0/0'
 */
export function robotCheckPath(config: Pick<SiteBaseConfig, 'loginCaptcha'> | null): string {
  const afs = config?.loginCaptcha.control_imgcode_afs_type ?? 0;
  const anji = config?.loginCaptcha.control_imgcode_anji_type ?? 0;
  return `/robot-check/${IMAGE_VERIFY_TYPE}/${afs}/${anji}`;
}

/** Remembers where to come back to after the check. */
export function saveRobotReturn(path: string): void {
  session.set(ROBOT_RETURN_KEY, path);
}

/** Where to go after the check: the saved path, else home. */
export function robotReturnPath(): string {
  const saved = session.get(ROBOT_RETURN_KEY);
  return saved && saved.startsWith('/') && !saved.startsWith('//') ? saved : '/app/home';
}

/** Stores a solved check. */
export function saveRobotResult(result: RobotResult): void {
  local.set(ROBOT_RESULT_KEY, JSON.stringify(result));
}

/** The stored solved check, removed as it is read (a captcha answers once). */
export function takeRobotResult(): RobotResult | null {
  const text = local.get(ROBOT_RESULT_KEY);
  if (!text) return null;
  local.remove(ROBOT_RESULT_KEY);
  try {
    const value = JSON.parse(text) as Partial<RobotResult>;
    return typeof value.captchaId === 'string' && typeof value.captchaCode === 'string' ? { captchaId: value.captchaId, captchaCode: value.captchaCode } : null;
  } catch {
    return null;
  }
}

/** True while a solved check waits to be used. */
export function hasRobotResult(): boolean {
  return local.get(ROBOT_RESULT_KEY) !== null;
}
