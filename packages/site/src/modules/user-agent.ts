const mobileUserAgent = /Android|iPhone|iPad|iPod|Windows Phone|IEMobile|BlackBerry|BB10|webOS|Opera Mini|Mobile/i;

/**
 * True for a phone or tablet browser, judged by its user agent string. The site is for
 * desktop browsers and renders nothing on a mobile user agent (spec section 1).
 *
 * @example isMobileUserAgent(navigator.userAgent)
 */
export function isMobileUserAgent(userAgent: string): boolean {
  return mobileUserAgent.test(userAgent);
}
