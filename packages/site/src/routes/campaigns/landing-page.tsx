import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, campaignOverview, type CampaignCard } from '@lobby/sdk';
import { DateTime } from '../../app/date-time.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { ErrorLine } from '../../modules/error-line.js';
import { safeHref } from '../../modules/safe-href.js';
import { installActivityStyles } from '../activities/shared/index.js';
import { installCampaignStyles } from './campaign-styles.js';
import { campaignTexts } from './texts.js';
import { useCallData } from './use-campaign.js';

/** /worldCupLanding (the world-cup entrance opens it in a new tab): the brand's football campaigns and the next matches. */
export function WorldCupLanding() {
  installActivityStyles();
  installCampaignStyles();
  const text = usePageTexts(campaignTexts);
  const english = useStore($language) === 'en';
  const { data, error } = useCallData(campaignOverview, {});
  return (
    <section className="landing-page" aria-labelledby="landing-title">
      <h1 id="landing-title" className="page-title">{text('landingTitle')}</h1>
      <p>{text('landingLead')}</p>
      <ErrorLine error={error} />
      {!data ? <p className="content-loading">{text('loading')}</p> : (
        <>
          <section aria-labelledby="landing-campaigns-title">
            <h2 id="landing-campaigns-title">{text('campaigns')}</h2>
            {data.campaigns.length === 0 ? <p>{text('noCampaign')}</p> : (
              <ul className="campaign-cards">
                {data.campaigns.map((card: CampaignCard) => (
                  <li key={card.activityId} data-campaign-kind={card.kind}>
                    <strong>{card.title}</strong>
                    <span>
                      <DateTime at={card.endsAt} />
                    </span>
                    {safeHref(card.path, ['path']) ? <Link className="button" to={card.path}>{text('open')}</Link> : null}
                  </li>
                ))}
                <li>
                  <strong>{text('tryDemo')}</strong>
                  <Link className="button" to="/app/football-shot-demo">{text('open')}</Link>
                </li>
              </ul>
            )}
          </section>
          <section aria-labelledby="landing-matches-title">
            <h2 id="landing-matches-title">{text('nextMatches')}</h2>
            {data.fixtures.length === 0 ? <p>{text('noFixtures')}</p> : (
              <ul className="campaign-fixtures">
                {data.fixtures.map((fixture) => (
                  <li key={fixture.fixtureId}>
                    <span className="campaign-match">{english ? `${fixture.homeEn} v ${fixture.awayEn}` : `${fixture.homeZh} 对 ${fixture.awayZh}`}</span>
                    <span>{text('kickOff')}: <DateTime at={fixture.startsAt} /></span>
                    {fixture.status === 'live' ? <span>{text('statusLive')} {fixture.homeScore}-{fixture.awayScore}</span> : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </section>
  );
}
