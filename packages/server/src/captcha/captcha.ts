/** A challenge to show: the image is a data URL (CSP allows `img-src data:`). */
export interface CaptchaChallenge {
  captchaId: string;
  image: string;
  expiresAtMs: number;
}

/**
 * The captcha adapter. A real provider (gee-test, AFS, Anji) plugs in here; the sandbox
 * provider draws real images and keeps answers in the database.
 *
 * @example const { captchaId, image } = await app.lobby.providers.captcha.create(4);
 */
export interface CaptchaProvider {
  readonly name: string;
  create(siteId: number): Promise<CaptchaChallenge>;
  /**
   * Checks an answer. A wrong answer burns the challenge (one guess per image); a right
   * one is burnt too when `consume` is true (login, register), kept for the real use
   * when false (a pre-check from the form).
   */
  verify(captchaId: string, answer: string, options: { consume: boolean }): Promise<boolean>;
  /**
   * New digits and a new image for a live, unused challenge of the site (a registered id);
   * undefined when there is none. The old image stops counting.
   */
  redraw(siteId: number, captchaId: string): Promise<CaptchaChallenge | undefined>;
}
