import { useId, useState } from 'react';
import { ApiError, ODDS_FORMATS, t as sdkText, type OddsFormat } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { useOddsFormat, useSportsbook } from './context.js';
import { sportsbookTexts } from './texts.js';

/** The odds format selector: kept per member by the sportsbook call, in local storage for visitors. */
export function OddsFormatSelect() {
  const t = usePageTexts(sportsbookTexts);
  const { odds, api, signedIn } = useSportsbook();
  const format = useOddsFormat();
  const id = useId();
  const [error, setError] = useState('');
  function choose(next: OddsFormat) {
    setError('');
    odds.choose(next, signedIn ? api.setOddsFormat : undefined).catch((failure: unknown) => setError(failure instanceof ApiError ? failure.message : sdkText('requestFailed')));
  }
  return (
    <div className="odds-format">
      <label htmlFor={`${id}-format`}>{t('oddsFormat')}</label>
      <select id={`${id}-format`} value={format} onChange={(event) => choose(event.target.value as OddsFormat)}>
        {ODDS_FORMATS.map((item) => (
          <option key={item} value={item}>
            {t(item)}
          </option>
        ))}
      </select>
      {error ? (
        <span className="error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
