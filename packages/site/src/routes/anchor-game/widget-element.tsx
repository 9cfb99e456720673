import { createElement, useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $language, $session } from '@lobby/sdk';
import widgetFolders from 'virtual:lobby-widget-folders';
import { useLobby } from '../../app/lobby-context.js';

/**
 * Loads a widget's standalone file the way a partner page does (one script tag,
 * /widgets/lobby-<folder>.js), once, unless the element is defined already.
 */
function loadPartnerWidget(folder: string): void {
  if (!widgetFolders.includes(folder) || customElements.get(`lobby-${folder}`)) return;
  const src = `/widgets/lobby-${folder}.js`;
  if (document.querySelector(`script[src="${src}"]`)) return;
  const script = document.createElement('script');
  script.src = src;
  script.async = true;
  document.head.append(script);
}

export interface WidgetElementProps {
  folder: 'chat-box' | 'coin-purchase';
  /** Extra attributes (kebab-case), e.g. { 'room-id': '100001' }. */
  attributes?: Record<string, string>;
  /** The widget's `lobby-*` events this page listens to. */
  on?: Record<string, (detail: unknown) => void>;
}

/**
 * A lobby widget mounted as on a partner page (docs/ANCHOR-ROOM.md): the element with the
 * page's site id, API base, language and member token, its file loaded by a script tag,
 * its `lobby-*` events listened to on the element.
 *
 * @example <WidgetElement folder="coin-purchase" on={{ 'lobby-buy-gold': (detail) => ... }} />
 */
export function WidgetElement({ folder, attributes = {}, on = {} }: WidgetElementProps) {
  const { config } = useLobby();
  const language = useStore($language);
  const token = useStore($session)?.token;
  const element = useRef<HTMLElement>(null);
  const listeners = useRef(on);
  listeners.current = on;
  const names = Object.keys(on).join(' ');
  useEffect(() => loadPartnerWidget(folder), [folder]);
  useEffect(() => {
    const target = element.current;
    if (!target || names === '') return undefined;
    const handle = (event: Event) => listeners.current[event.type]?.((event as CustomEvent).detail);
    for (const name of names.split(' ')) target.addEventListener(name, handle);
    return () => names.split(' ').forEach((name) => target.removeEventListener(name, handle));
  }, [names]);
  return createElement(`lobby-${folder}`, {
    ref: element,
    'site-id': String(config.siteId),
    'api-base': config.apiBase,
    lang: language,
    ...(token ? { token } : {}),
    ...attributes,
    'data-mount': folder,
  });
}
