import { createElement, useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $language, $session } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { isWidgetBuilt, loadWidgetWhenIdle, type HomeWidget } from '../../app/widgets.js';

/**
 * Mounts a lobby widget by its element name (`lobby-<folder>`) with the page's site id,
 * API base, language and member token, and loads its definition. Until the widget is built the element stays
 * empty and carries `data-pending="not built"`.
 */
export function WidgetMount({ folder }: { folder: HomeWidget }) {
  const { config } = useLobby();
  const language = useStore($language);
  const token = useStore($session)?.token;
  useEffect(() => loadWidgetWhenIdle(folder), [folder]);
  return createElement(`lobby-${folder}`, {
    'site-id': String(config.siteId),
    'api-base': config.apiBase,
    lang: language,
    ...(token ? { token } : {}),
    'data-mount': folder,
    ...(isWidgetBuilt(folder) ? {} : { 'data-pending': 'not built' }),
  });
}
