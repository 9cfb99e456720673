import { useParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, helpCategories, localized } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { usePageTitle } from '../../layout/page-title.js';
import { useText } from '../../i18n/use-text.js';

/** /app/help/{typeId}/{listid}: the help categories, the asked article open. */
export function HelpPage() {
  const title = usePageTitle();
  const text = useText();
  const language = useStore($language);
  const { typeId, listid } = useParams();
  const load = useApi(helpCategories, {});
  const pick = (value: { zh: string; en: string }) => localized(value, language);
  return (
    <section>
      <h1 className="page-title">{title}</h1>
      {load.error ? (
        <p className="notice error" role="alert">
          {load.error}
        </p>
      ) : null}
      {load.data?.map((category) => (
        <div key={category.typeId} className="help-category">
          <h2>{pick(category.title)}</h2>
          {category.items.map((item) => (
            <details key={item.listId} open={String(category.typeId) === typeId && String(item.listId) === listid}>
              <summary>{pick(item.title)}</summary>
              <p>{pick(item.content)}</p>
            </details>
          ))}
        </div>
      ))}
      {load.data && load.data.length === 0 ? <p>{text('helpNone')}</p> : null}
    </section>
  );
}
