import { createElement, useEffect, useRef } from 'react';
import { useStore } from '@nanostores/react';
import { $language, $session } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { isWidgetBuilt, loadWidgetWhenIdle, loadWidgetWhenVisible, type HomeWidget } from '../../app/widgets.js';

/**
 * Mounts a lobby widget by its element name (`lobby-<folder>`) with the page's site id,
 * API base, language and member token, and loads its definition: `when="idle"` once the
 * browser is idle (a fixed widget such as the float window), `when="visible"` once the
 * mount nears the viewport (the download block and chat box further down home), `later`
 * not yet (the page above the mount is still taking its place). Until the widget is built
 * the element stays empty and carries `data-pending="not built"`.
 */
export function WidgetMount({ folder, when }: { folder: HomeWidget; when: 'idle' | 'visible' | 'later' }) {
  const { config } = useLobby();
  const language = useStore($language);
  const token = useStore($session)?.token;
  const mount = useRef<HTMLElement>(null);
  useEffect(() => {
    if (when === 'later') return undefined;
    return when === 'visible' && mount.current ? loadWidgetWhenVisible(folder, mount.current) : loadWidgetWhenIdle(folder);
  }, [folder, when]);
  return createElement(`lobby-${folder}`, {
    ref: mount,
    'site-id': String(config.siteId),
    'api-base': config.apiBase,
    lang: language,
    ...(token ? { token } : {}),
    'data-mount': folder,
    ...(isWidgetBuilt(folder) ? {} : { 'data-pending': 'not built' }),
  });
}
