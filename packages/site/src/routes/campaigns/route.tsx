import { useParams } from 'react-router-dom';
import { ActivityShell, activityIdOf } from '../activities/shared/index.js';
import { DiscountView } from '../activities/list/discount-page.js';
import { CarnivalView } from './carnival-page.js';
import { GuessView } from './guess-page.js';
import { WorldCupLanding } from './landing-page.js';
import { ShotDemo, ShotView } from './shot-page.js';
import { SlotPage } from './slot-page.js';

/**
 * The football campaign pages (issue 21; docs/CAMPAIGNS.md). Each runs on an activity of the
 * promotion engine: guesses (world-cup-guess, surviving, champions league), the carnival
 * (european-cup, euro-cup), the football shot and its demo, the slot pages and the landing.
 */
function useId() {
  const params = useParams();
  return activityIdOf(params.id ?? params.activityId);
}

export function WorldCupGuessPage() {
  return <ActivityShell id={useId()}>{(load) => <GuessView load={load} />}</ActivityShell>;
}

export function EuropeanCupPage() {
  return <ActivityShell id={useId()}>{(load) => <CarnivalView load={load} />}</ActivityShell>;
}

export function EuroCupPage() {
  return <ActivityShell id={useId()}>{(load) => <CarnivalView load={load} />}</ActivityShell>;
}

export function FootballShotPage() {
  return <ActivityShell id={useId()}>{(load) => <ShotView load={load} />}</ActivityShell>;
}

export function FootballShotDemoPage() {
  return <ShotDemo />;
}

export function ChampionsLeaguePage() {
  return <SlotPage slot="champions-league">{(load) => <GuessView load={load} />}</SlotPage>;
}

export function FullMemberActivityPage() {
  return <SlotPage slot="fullMemberActivity">{(load) => <DiscountView load={load} />}</SlotPage>;
}

export function RegistrantionPage() {
  return <SlotPage slot="registrantion">{(load) => <DiscountView load={load} />}</SlotPage>;
}

export function SurvivingPage() {
  return <ActivityShell id={useId()}>{(load) => <GuessView load={load} />}</ActivityShell>;
}

export function WorldCupLandingPage() {
  return <WorldCupLanding />;
}
