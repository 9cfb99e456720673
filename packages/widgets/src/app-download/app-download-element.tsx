import { LobbyElement, type PropSpecs } from '../core/element.js';
import { QrCode } from './qr-code.js';
import { APP_DOWNLOAD_STYLES } from './styles.js';
import { text } from './texts.js';

/** The client platforms of the block. */
export type ClientPlatform = 'windows' | 'mac' | 'android';

/** The part of the download SDK the block uses (a `LobbyDownload.init(...)` result). */
export interface DownloadSdkLike {
  pcDownloadUrl(platform: 'windows' | 'mac'): Promise<string | undefined>;
  appDownloadUrl(platform?: 'android' | 'ios'): Promise<string | undefined>;
  download(platform: ClientPlatform): Promise<string | undefined>;
}

type Urls = Partial<Record<ClientPlatform, string>>;

const MOBILE_AGENT = /android|iphone|ipad|ipod|mobile/i;

/**
 * `<lobby-app-download>`: the client-download block (spec section 2): Windows and Mac
 * clients, the Android client on mobile devices, and a 106-pixel QR code of the mobile app
 * on hover or focus. URLs come from the download SDK (`element.sdk = LobbyDownload.init(...)`,
 * which also reports each download) or from the `windows-url`, `mac-url`, `android-url`
 * attributes. Event: `lobby-download` { platform, url } (cancelable).
 *
 * @example <lobby-app-download windows-url="https://dl.example/a.exe" android-url="https://dl.example/a.apk"></lobby-app-download>
 */
export class AppDownloadElement extends LobbyElement {
  static override props: PropSpecs = {
    windowsUrl: { attribute: 'windows-url', type: 'string' },
    macUrl: { attribute: 'mac-url', type: 'string' },
    androidUrl: { attribute: 'android-url', type: 'string' },
    mobile: { attribute: 'mobile', type: 'boolean' },
  };
  static override styles = APP_DOWNLOAD_STYLES;
  /** Reflect `windows-url`, `mac-url`, `android-url` and `mobile`. */
  declare windowsUrl: string | undefined;
  declare macUrl: string | undefined;
  declare androidUrl: string | undefined;
  declare mobile: boolean | undefined;

  #sdk: DownloadSdkLike | undefined;
  #fromSdk: Urls = {};

  /** The download SDK the block reads its URLs from and reports downloads through. */
  get sdk(): DownloadSdkLike | undefined {
    return this.#sdk;
  }

  set sdk(sdk: DownloadSdkLike | undefined) {
    this.#sdk = sdk;
    this.#fromSdk = {};
    this.update();
    if (sdk) void this.#load(sdk);
  }

  /** An `sdk` set before this element was defined moves onto the accessor. */
  override connectedCallback(): void {
    if (Object.prototype.hasOwnProperty.call(this, 'sdk')) {
      const early = (this as unknown as { sdk?: DownloadSdkLike }).sdk;
      delete (this as unknown as { sdk?: DownloadSdkLike }).sdk;
      super.connectedCallback();
      this.sdk = early;
      return;
    }
    super.connectedCallback();
  }

  async #load(sdk: DownloadSdkLike): Promise<void> {
    const signal = this.lifetimeSignal;
    const [windows, mac, android] = await Promise.all([sdk.pcDownloadUrl('windows'), sdk.pcDownloadUrl('mac'), sdk.appDownloadUrl('android')]);
    if (signal.aborted || sdk !== this.#sdk) return;
    this.#fromSdk = { windows, mac, android };
    this.update();
    this.emit('lobby-ready', { urls: this.#fromSdk });
  }

  /** The URL of each platform: the SDK's, else the attribute's. */
  get urls(): Urls {
    const attribute = (name: string) => this.getAttribute(name) || undefined;
    return {
      windows: this.#fromSdk.windows ?? attribute('windows-url'),
      mac: this.#fromSdk.mac ?? attribute('mac-url'),
      android: this.#fromSdk.android ?? attribute('android-url'),
    };
  }

  /** Mobile devices also get the Android client; the `mobile` attribute overrides the user agent. */
  get isMobile(): boolean {
    const attribute = this.getAttribute('mobile');
    if (attribute !== null) return attribute !== 'false';
    return typeof navigator !== 'undefined' && MOBILE_AGENT.test(navigator.userAgent);
  }

  #click(event: MouseEvent, platform: ClientPlatform, url: string): void {
    if (!this.emit('lobby-download', { platform, url })) return event.preventDefault();
    if (!this.#sdk) return;
    event.preventDefault();
    void this.#sdk.download(platform);
  }

  protected view() {
    const lang = this.config.lang;
    const urls = this.urls;
    const platforms: ClientPlatform[] = this.isMobile ? ['windows', 'mac', 'android'] : ['windows', 'mac'];
    return (
      <section class="block" aria-label={text(lang, 'title')}>
        <ul class="clients">
          {platforms.map((platform) => {
            const url = urls[platform];
            return (
              <li class={`client ${platform}`} key={platform}>
                {url ? (
                  <a href={url} part="client" data-platform={platform} onClick={(event) => this.#click(event, platform, url)}>
                    {text(lang, platform)}
                  </a>
                ) : (
                  <span class="off" data-platform={platform} title={text(lang, 'unavailable')}>
                    {text(lang, platform)}
                  </span>
                )}
              </li>
            );
          })}
          {urls.android && (
            <li class="client app" tabIndex={0}>
              <span class="label">{text(lang, 'app')}</span>
              <div class="pop" part="qr">
                <QrCode text={urls.android} label={text(lang, 'scan')} />
                <span>{text(lang, 'scan')}</span>
              </div>
            </li>
          )}
        </ul>
      </section>
    );
  }
}
