import { useParams } from 'react-router-dom';
import { ActivityShell, activityIdOf } from '../shared/index.js';
import { DepositBonusView } from './deposit-page.js';

// Issue 20 (docs/BONUS-WAGERING.md): the deposit activities' pages, on the shared activity shell.

/** /app/deposit-first/{id}: the first-deposit bonus. */
export function DepositFirstPage() {
  const id = activityIdOf(useParams().id);
  return <ActivityShell id={id}>{(load) => <DepositBonusView load={load} kind="deposit_first" />}</ActivityShell>;
}

/** /app/deposit-again/{id}: deposit again (the nth deposit, every deposit, or by stage). */
export function DepositAgainPage() {
  const id = activityIdOf(useParams().id);
  return <ActivityShell id={id}>{(load) => <DepositBonusView load={load} kind="deposit_again" />}</ActivityShell>;
}

/** /app/month-money/{id}: month money for last month's deposits and turnover. */
export function MonthMoneyPage() {
  const id = activityIdOf(useParams().id);
  return <ActivityShell id={id}>{(load) => <DepositBonusView load={load} kind="month_money" />}</ActivityShell>;
}
