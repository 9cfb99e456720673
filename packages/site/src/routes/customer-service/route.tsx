import { useLocation } from 'react-router-dom';
import { customerServiceUrls, type CustomerService } from '@lobby/sdk';
import { usePageTitle } from '../../layout/page-title.js';
import { useText } from '../../i18n/use-text.js';
import { useApi } from '../../app/use-api.js';
import { safeHref } from '../../modules/safe-href.js';

/**
 * /cs and /cschat: the brand's customer-service list. /cschat leads with the `chat`
 * entry, /cs with `online`; /cs is also the fallback when a brand has no chat entry.
 */
export function CustomerServicePage() {
  const title = usePageTitle();
  const text = useText();
  const chat = /cschat/i.test(useLocation().pathname);
  const load = useApi(customerServiceUrls, {});
  const list: CustomerService[] = load.data ?? [];
  const lead = list.find((entry) => entry.code === (chat ? 'chat' : 'online')) ?? list.find((entry) => entry.code === 'online');
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      {load.error ? <p className="notice error" role="alert">{load.error}</p> : null}
      {lead ? <p className="notice">{text('csLead', { code: lead.code })}</p> : null}
      <ul className="cs-list">
        {list.map((entry) => (
          <li key={entry.code + entry.url}>
            <span className="cs-code">{entry.code}</span>{' '}
            {safeHref(entry.url, ['https']) ? (
              <a href={entry.url} target="_blank" rel="noopener noreferrer">
                {entry.url}
              </a>
            ) : (
              <span>{entry.url}</span>
            )}
          </li>
        ))}
      </ul>
      {load.data && list.length === 0 ? <p>{text('csNone')}</p> : null}
    </section>
  );
}
