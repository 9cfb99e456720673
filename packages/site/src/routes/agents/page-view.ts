import { PAGE_VIEW_DELAY_MS, invitePageView, type ApiClient } from '@lobby/sdk';

/**
 * Sends the proxy page-view event PAGE_VIEW_DELAY_MS after landing when the URL carried an
 * invite code (i_code) or referral code (r_code); nothing without one. Failures are quiet:
 * a lost page view never troubles the visitor. Returns a cancel function.
 *
 * @example schedulePageView(client, new URLSearchParams(location.search), location.pathname)
 */
export function schedulePageView(client: Pick<ApiClient, 'call'>, params: URLSearchParams, path: string, delayMs = PAGE_VIEW_DELAY_MS): () => void {
  const shape = /^[A-Za-z0-9_-]{1,32}$/;
  const inviteCode = params.get('i_code')?.trim();
  const referralCode = params.get('r_code')?.trim();
  const request = {
    ...(inviteCode && shape.test(inviteCode) ? { inviteCode } : {}),
    ...(referralCode && shape.test(referralCode) ? { referralCode } : {}),
    path: path.slice(0, 200) || '/',
  };
  if (!request.inviteCode && !request.referralCode) return () => undefined;
  const timer = setTimeout(() => void client.call(invitePageView, request).catch(() => undefined), delayMs);
  return () => clearTimeout(timer);
}
