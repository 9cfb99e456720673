import { h, render, type ComponentChild } from 'preact';
import { $session, type ApiClient } from '@lobby/sdk';
import { createWidgetClient } from './api.js';
import { resolveConfig, type WidgetConfig } from './config.js';
import { defineElement } from './define.js';
import { connectRuntime, onSharedChange } from './runtime.js';
import { BASE_STYLES } from './styles.js';

/** How a property maps to its kebab-case attribute. */
export interface PropSpec {
  attribute: string;
  type: 'string' | 'number' | 'boolean';
  /** Value when the attribute is absent; a boolean default true is turned off by `attr="false"`. */
  default?: string | number | boolean;
}

export type PropSpecs = Record<string, PropSpec>;

/** Attributes every widget understands. `lang` is the element's own global attribute. */
export const COMMON_PROPS: PropSpecs = {
  apiBase: { attribute: 'api-base', type: 'string' },
  siteId: { attribute: 'site-id', type: 'number' },
  token: { attribute: 'token', type: 'string' },
};

// In Node (server rendering, tests) there is no HTMLElement: the class must still load.
const ElementBase = (typeof HTMLElement === 'undefined' ? class {} : HTMLElement) as typeof HTMLElement;

const sheets = new Map<string, CSSStyleSheet>();

/** One constructable stylesheet per CSS text, shared by every instance (no inline <style>, CSP-safe). */
function sheetFor(css: string): CSSStyleSheet {
  let sheet = sheets.get(css);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    sheets.set(css, sheet);
  }
  return sheet;
}

/** Reads a property from its attribute, typed, with the default when absent. */
export function readProp(element: Element, spec: PropSpec): string | number | boolean | undefined {
  const value = element.getAttribute(spec.attribute);
  if (value === null) return spec.default;
  if (spec.type === 'boolean') return value !== 'false';
  if (spec.type === 'number') return value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : spec.default;
  return value;
}

/**
 * Base of every lobby widget: a custom element rendering Preact into an open shadow root,
 * styled by constructable stylesheets, re-rendered on attribute and page-config changes,
 * and torn down (every effect cleaned up) on removal or `destroy()`.
 *
 * @example class Hello extends LobbyElement { static override styles = '.hi{color:red}'; view() { return <b class="hi">hi</b>; } }
 */
export abstract class LobbyElement extends ElementBase {
  /** Properties reflected to attributes (beyond COMMON_PROPS). */
  static props: PropSpecs = {};
  /** The widget's CSS, adopted after the base styles. */
  static styles = '';
  /** Reflects `api-base` (accessors installed by defineWidget). */
  declare apiBase: string | undefined;
  /** Reflects `site-id`. */
  declare siteId: number | undefined;
  /** Reflects `token`. */
  declare token: string | undefined;

  static get observedAttributes(): string[] {
    return [...Object.values({ ...COMMON_PROPS, ...this.props }).map((spec) => spec.attribute), 'lang'];
  }

  #root: ShadowRoot | undefined;
  #stopShared: (() => void) | undefined;
  #lifetime: AbortController | undefined;
  #client: { key: string; client: ApiClient } | undefined;

  /** What to render into the shadow root. */
  protected abstract view(): ComponentChild;

  /** API base, site id and language from attributes, then `lobby('config')`, then the page. */
  get config(): WidgetConfig {
    return resolveConfig({ apiBase: this.getAttribute('api-base'), siteId: this.getAttribute('site-id'), lang: this.getAttribute('lang') });
  }

  connectedCallback(): void {
    connectRuntime();
    upgradeProperties(this);
    if (!this.#root) {
      this.#root = this.attachShadow({ mode: 'open' });
      const styles = (this.constructor as typeof LobbyElement).styles;
      this.#root.adoptedStyleSheets = [sheetFor(BASE_STYLES), sheetFor(styles)];
    }
    this.#lifetime ??= new AbortController();
    this.#stopShared ??= onSharedChange(() => this.update());
    this.update();
  }

  disconnectedCallback(): void {
    this.#teardown();
  }

  attributeChangedCallback(): void {
    if (this.#stopShared) this.update();
  }

  /** Renders again (attributes or page config changed), inside the inheritance-resetting root (BASE_STYLES). */
  update(): void {
    if (this.#root && this.#stopShared) render(h('div', { class: 'lobby-root' }, this.view()), this.#root);
  }

  /**
   * Stops everything the widget started (timers, listeners, frames, requests) and removes
   * it from the page. Appending it again starts it afresh.
   *
   * @example document.querySelector('lobby-float-window')?.destroy()
   */
  destroy(): void {
    this.#teardown();
    this.remove();
  }

  /**
   * Dispatches `lobby-<name>` with `bubbles` and `composed`, so it crosses the shadow root.
   * Answers false when a listener called preventDefault().
   *
   * @example this.emit('lobby-finish', { billNo })
   */
  emit(name: `lobby-${string}`, detail?: unknown): boolean {
    return this.dispatchEvent(new CustomEvent(name, { detail, bubbles: true, composed: true, cancelable: true }));
  }

  /** Aborts when the element is removed or destroyed: pass it to every request. */
  get lifetimeSignal(): AbortSignal {
    this.#lifetime ??= new AbortController();
    return this.#lifetime.signal;
  }

  /** An sdk client for this element's API base and site id, sending its token. */
  client(): ApiClient {
    const { apiBase, siteId, signKey } = this.config;
    const key = `${apiBase} ${siteId ?? ''} ${signKey ?? ''}`;
    if (this.#client?.key !== key) {
      const client = createWidgetClient({ baseUrl: apiBase, siteId, signKey, getToken: () => this.memberToken(), onTokenInvalid: () => this.#tokenInvalid() });
      this.#client = { key, client };
    }
    return this.#client.client;
  }

  /** The `token` attribute, else the sdk's session token, else null (a visitor). */
  memberToken(): string | null {
    return this.getAttribute('token') || $session.get()?.token || null;
  }

  /**
   * A token the server no longer accepts: this widget file's session ends (the site's own
   * client clears the stored session when it sees the same answer).
   */
  #tokenInvalid(): void {
    if (!this.getAttribute('token')) $session.set(null);
  }

  #teardown(): void {
    this.#lifetime?.abort();
    this.#lifetime = undefined;
    this.#stopShared?.();
    this.#stopShared = undefined;
    if (this.#root) render(null, this.#root);
  }
}

/** Properties set on the element before its class was defined move onto the accessors. */
function upgradeProperties(element: LobbyElement): void {
  const specs = { ...COMMON_PROPS, ...(element.constructor as typeof LobbyElement).props };
  for (const key of Object.keys(specs)) {
    if (Object.prototype.hasOwnProperty.call(element, key)) {
      const value = (element as unknown as Record<string, unknown>)[key];
      delete (element as unknown as Record<string, unknown>)[key];
      (element as unknown as Record<string, unknown>)[key] = value;
    }
  }
}

/** Adds property accessors that reflect to the kebab-case attributes. */
function installAccessors(constructor: typeof LobbyElement): void {
  for (const [key, spec] of Object.entries({ ...COMMON_PROPS, ...constructor.props })) {
    if (Object.prototype.hasOwnProperty.call(constructor.prototype, key)) continue;
    Object.defineProperty(constructor.prototype, key, {
      configurable: true,
      get(this: LobbyElement) {
        return readProp(this, spec);
      },
      set(this: LobbyElement, value: unknown) {
        if (value === null || value === undefined || (spec.type !== 'boolean' && value === '')) this.removeAttribute(spec.attribute);
        else this.setAttribute(spec.attribute, String(value));
      },
    });
  }
}

/**
 * Defines a widget element once (a second copy of the file never throws), with property
 * accessors for its attributes. Does nothing outside a browser.
 *
 * @example defineWidget('lobby-float-window', FloatWindowElement)
 */
export function defineWidget(name: string, constructor: typeof LobbyElement): boolean {
  if (typeof customElements === 'undefined') return false;
  if (customElements.get(name)) return false;
  installAccessors(constructor);
  return defineElement(name, constructor as unknown as CustomElementConstructor);
}
