import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { campaignOverview, type CampaignSlot } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { ErrorLine } from '../../modules/error-line.js';
import { ActivityShell, installActivityStyles, type LoadedActivity } from '../activities/shared/index.js';
import { campaignTexts } from './texts.js';
import { useCallData } from './use-campaign.js';

/**
 * A page without an id in its route (/app/champions-league, /app/fullMemberActivity,
 * /app/registrantion): the brand's running campaign of that slot, rendered by its kind's view.
 */
export function SlotPage({ slot, children }: { slot: CampaignSlot; children: (load: LoadedActivity) => ReactNode }) {
  installActivityStyles();
  const text = usePageTexts(campaignTexts);
  const { data, error } = useCallData(campaignOverview, {});
  if (error) return <ErrorLine error={error} />;
  if (!data) return <p className="content-loading">{text('loading')}</p>;
  const card = data.campaigns.find((item) => item.slot === slot);
  if (!card) {
    return (
      <section className="activity-page">
        <h1 className="page-title">{text('noCampaign')}</h1>
        <p><Link to="/app/activity">{text('toActivities')}</Link></p>
      </section>
    );
  }
  return <ActivityShell id={card.activityId}>{children}</ActivityShell>;
}
