import { createElement, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, memberMoveConfig, type MemberMoveConfig } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { useLobby } from '../../app/lobby-context.js';
import { isWidgetBuilt, loadWidgetWhenIdle } from '../../app/widgets.js';
import { usePageTexts, type PageTextLookup } from '../../i18n/page-texts.js';
import { ErrorLine } from '../../modules/error-line.js';
import { safeHref } from '../../modules/safe-href.js';
import { installDownloadStyles } from './styles.js';
import { downloadTexts } from './texts.js';

type Text = PageTextLookup<keyof (typeof downloadTexts)['en']>;

/** Only http(s) links are followed; anything else shows as not offered. */
/** The brand's own client and domain addresses; http is taken too (a brand's domains may be plain http in development). */
const safeUrl = (url: string) => safeHref(url, ['https', 'http']) ?? '';

/**
 * The `lobby-app-download` widget (docs/DOWNLOAD-SDK.md) with the brand's client URLs: the
 * Windows and Mac clients and the app with its 106-pixel QR code on hover.
 */
function DownloadBlock({ config }: { config: MemberMoveConfig }) {
  const { config: lobby } = useLobby();
  const language = useStore($language);
  useEffect(() => loadWidgetWhenIdle('app-download'), []);
  return createElement('lobby-app-download', {
    'site-id': String(lobby.siteId),
    'api-base': lobby.apiBase,
    lang: language,
    'windows-url': safeUrl(config.windowsDownloadUrl),
    'mac-url': safeUrl(config.macDownloadUrl),
    'android-url': safeUrl(config.appDownloadUrl),
    'data-mount': 'app-download',
    ...(isWidgetBuilt('app-download') ? {} : { 'data-pending': 'not built' }),
  });
}

function AppRow({ name, download, update, text }: { name: string; download: string; update: string; text: Text }) {
  const get = safeUrl(download);
  const renew = safeUrl(update);
  return (
    <tr>
      <th scope="row">{name}</th>
      <td>{get ? <a href={get} rel="noopener noreferrer">{text('download')}</a> : text('notOffered')}</td>
      <td>{renew ? <a href={renew} rel="noopener noreferrer">{text('update')}</a> : text('notOffered')}</td>
    </tr>
  );
}

function UrlList({ title, urls }: { title: string; urls: string[] }) {
  const safe = urls.map(safeUrl).filter(Boolean);
  if (safe.length === 0) return null;
  return (
    <div>
      <h3>{title}</h3>
      <ul className="download-urls">
        {safe.map((url) => <li key={url}><a href={url} rel="noopener noreferrer">{url}</a></li>)}
      </ul>
    </div>
  );
}

/** The download content both pages show, from the brand's member-move config. */
function Downloads({ standalone }: { standalone: boolean }) {
  installDownloadStyles();
  const text = usePageTexts(downloadTexts);
  const load = useApi(memberMoveConfig, {});
  const config = load.data;
  return (
    <section className="download-page" data-download-page={standalone ? 'standalone' : 'app'}>
      <h1>{text('title')}</h1>
      <p>{text('lead')}</p>
      <ErrorLine error={load.error} />
      {!config && !load.error ? <p>{text('loading')}</p> : null}
      {config ? (
        <>
          {config.popStatus === 1 ? <p className="download-note" role="note">{text('moved')}</p> : null}
          <section className="download-panel" aria-labelledby="download-clients-title">
            <h2 id="download-clients-title">{text('clients')}</h2>
            <DownloadBlock config={config} />
          </section>
          <section className="download-panel" aria-labelledby="download-apps-title">
            <h2 id="download-apps-title">{text('apps')}</h2>
            <table className="download-table">
              <tbody>
                <AppRow name={text('app')} download={config.appDownloadUrl} update={config.appUpdateUrl} text={text} />
                <AppRow name={text('sportsApp')} download={config.sportsAppDownloadUrl} update={config.sportsAppUpdateUrl} text={text} />
                <AppRow name={text('simpleApp')} download={config.simpleAppDownloadUrl} update={config.simpleAppUpdateUrl} text={text} />
              </tbody>
            </table>
          </section>
          <section className="download-panel" aria-labelledby="download-homes-title">
            <h2 id="download-homes-title">{text('homes')}</h2>
            <UrlList title={text('homes')} urls={config.homeUrlList} />
            <UrlList title={text('h5Homes')} urls={config.h5HomeUrlList} />
            <p className="download-register">
              {safeUrl(config.webRegisterUrl) ? <a href={safeUrl(config.webRegisterUrl)}>{text('webRegister')}</a> : null}{' '}
              {safeUrl(config.h5RegisterUrl) ? <a href={safeUrl(config.h5RegisterUrl)}>{text('h5Register')}</a> : null}
            </p>
          </section>
        </>
      ) : null}
      {standalone ? <Link to="/app/home">{text('backHome')}</Link> : null}
    </section>
  );
}

/** /download-page: the standalone download page (the layout hides the header and footer). */
export function DownloadPage() {
  return <Downloads standalone />;
}

/** /app/appDownloadPage: the same downloads inside the site's frame. */
export function AppDownloadPage() {
  return <Downloads standalone={false} />;
}
