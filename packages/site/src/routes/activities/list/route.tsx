import { useParams } from 'react-router-dom';
import { ActivityShell, activityIdOf } from '../shared/index.js';
import { ActivityListPage } from './activity-list.js';
import { DiscountView } from './discount-page.js';
import { DisplayView } from './display-page.js';

// Issue 20 (docs/ACTIVITY-PAGES.md): the activity list and the pages of the kinds the engine runs itself.
export { ActivityListPage };

/** /app/preferentialActivity/{id}: the discount offer (the same page as discountDetails). */
export function PreferentialActivityPage() {
  const id = activityIdOf(useParams().id);
  return <ActivityShell id={id}>{(load) => <DiscountView load={load} />}</ActivityShell>;
}

/** /app/discountDetails/{id}: the discount offer: reward, conditions, apply. */
export function DiscountDetailsPage() {
  const id = activityIdOf(useParams().id);
  return <ActivityShell id={id}>{(load) => <DiscountView load={load} />}</ActivityShell>;
}

/** /app/pureDisplay/{id}: terms and pictures only. */
export function PureDisplayPage() {
  const id = activityIdOf(useParams().id);
  return <ActivityShell id={id}>{(load) => <DisplayView load={load} />}</ActivityShell>;
}
