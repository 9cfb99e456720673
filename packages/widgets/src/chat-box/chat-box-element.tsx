import { chatBaseParamsAnonymous } from '@lobby/sdk';
import { LobbyElement, type PropSpecs } from '../core/element.js';
import { ChatBox } from './chat-box.js';
import { CHAT_BOX_STYLES } from './styles.js';
import { loadMqtt, mqttFileUrl, type MqttModule } from './transport.js';

// Captured while the file runs: the MQTT file is looked up beside it.
const SCRIPT_SRC = typeof document === 'undefined' ? undefined : (document.currentScript as HTMLScriptElement | null)?.src;

/** Share of the box that must be on screen before it goes live. */
const SEEN_RATIO = 0.25;

/**
 * `<lobby-chat-box>`: a live chat room (spec sections 3, 4, 6). Members send through the
 * API; the box subscribes over MQTT (mqtt.js loads only when the room opens and a quarter of the box is on screen). Attributes:
 * `room-id` (the brand's home room when absent), `mqtt-src` (on the page's or this file's
 * origin; under Trusted Types the page allows the `lobby` policy), plus api-base, site-id,
 * token, lang. Events: lobby-status, lobby-message, lobby-muted, lobby-login, lobby-error,
 * lobby-order-follow ({ roomId, orderId }: a reader chose Follow on a followable order push;
 * the host page owns the bet slip).
 *
 * @example <lobby-chat-box room-id="1" lang="en"></lobby-chat-box>
 */
export class ChatBoxElement extends LobbyElement {
  static override props: PropSpecs = {
    roomId: { attribute: 'room-id', type: 'number' },
    mqttSrc: { attribute: 'mqtt-src', type: 'string' },
  };
  static override styles = CHAT_BOX_STYLES;
  /** Reflect `room-id` and `mqtt-src`. */
  declare roomId: number | undefined;
  declare mqttSrc: string | undefined;

  #homeRoomId = 0;
  #askedHome = false;

  /** mqtt.js, loaded once per page on first use (from the page's or this file's origin only). */
  loadMqtt(): Promise<MqttModule> {
    return loadMqtt(this.getAttribute('mqtt-src') || mqttFileUrl(SCRIPT_SRC), SCRIPT_SRC);
  }

  /**
   * Resolves once a quarter of the box is in the viewport (at once where the browser has
   * no IntersectionObserver). The room's live connection waits for it.
   */
  whenSeen(signal: AbortSignal): Promise<void> {
    if (typeof IntersectionObserver === 'undefined') return Promise.resolve();
    return new Promise((resolve) => {
      const observer = new IntersectionObserver((records) => {
        // A box taller than four viewports counts as seen when it fills a quarter of the viewport.
        const seen = records.some((record) => record.isIntersecting && (record.intersectionRatio >= SEEN_RATIO
          || record.intersectionRect.height >= (record.rootBounds?.height ?? Infinity) * SEEN_RATIO));
        if (!seen) return;
        observer.disconnect();
        resolve();
      }, { threshold: [0, 0.1, SEEN_RATIO] });
      observer.observe(this);
      signal.addEventListener('abort', () => observer.disconnect(), { once: true });
    });
  }

  #roomId(): number {
    const attribute = Number(this.getAttribute('room-id'));
    if (Number.isInteger(attribute) && attribute > 0) return attribute;
    if (!this.#askedHome) {
      this.#askedHome = true;
      this.client()
        .call(chatBaseParamsAnonymous, {}, { signal: this.lifetimeSignal })
        .then((base) => {
          this.#homeRoomId = base.homeRoomId;
          this.update();
        })
        .catch(() => (this.#askedHome = false));
    }
    return this.#homeRoomId;
  }

  override disconnectedCallback(): void {
    this.#askedHome = false;
    super.disconnectedCallback();
  }

  protected view() {
    return <ChatBox host={this} lang={this.config.lang} roomId={this.#roomId()} token={this.memberToken()} />;
  }
}
