import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $session, ApiError, giftApplyList, type GiftApplication } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { DateTime } from '../../../app/date-time.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { installActivityStyles } from '../shared/index.js';
import { ReceiverAddressPanel } from './address-form.js';
import { installGiftStyles } from './gift-styles.js';
import { giftTexts } from './texts.js';

/**
 * /app/gift-apply/get/modal: the member's real-gift applications with both status sets of
 * spec section 4 (the application status and the review status), the operator's note
 * (tracking or reason) as text, and the receiver address form.
 */
export function GiftApplyView() {
  installActivityStyles();
  installGiftStyles();
  const { client } = useLobby();
  const text = usePageTexts(giftTexts);
  const session = useStore($session);
  const [list, setList] = useState<GiftApplication[] | undefined>(undefined);
  const [error, setError] = useState('');
  const token = session?.token ?? '';

  useEffect(() => {
    let current = true;
    if (!token) return undefined;
    client.call(giftApplyList, {}).then(
      (answer) => current && setList(answer.list),
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, token]);

  return (
    <section className="activity-page gift-apply-page" aria-labelledby="gift-apply-title">
      <p>
        <Link to="/app/activity">{text('activity')}</Link>
      </p>
      <h1 className="page-title" id="gift-apply-title">
        {text('applications')}
      </h1>
      {!session ? <p>{text('logIn')}</p> : null}
      <ErrorLine error={error} />
      {session && list !== undefined ? (
        <section className="activity-panel">
          {list.length === 0 ? <p>{text('noApplications')}</p> : <ApplicationTable list={list} />}
        </section>
      ) : null}
      {session ? (
        <section className="activity-panel" aria-labelledby="gift-apply-address-title">
          <h2 id="gift-apply-address-title">{text('address')}</h2>
          <ReceiverAddressPanel />
        </section>
      ) : null}
    </section>
  );
}

function ApplicationTable({ list }: { list: GiftApplication[] }) {
  const text = usePageTexts(giftTexts);
  return (
    <table className="gift-table gift-applications">
      <thead>
        <tr>
          <th scope="col">{text('appliedAt')}</th>
          <th scope="col">{text('giftName')}</th>
          <th scope="col">{text('statusCol')}</th>
          <th scope="col">{text('shipTo')}</th>
          <th scope="col">{text('note')}</th>
        </tr>
      </thead>
      <tbody>
        {list.map((row) => (
          <tr key={row.id} data-application-id={row.id} data-status={row.status}>
            <td>
              <DateTime at={row.createdAt} />
            </td>
            <td>
              {row.giftName}
              <br />
              <span className="gift-category">{row.activityTitle}</span>
            </td>
            <td>
              <span className="gift-apply-status">{text(`status${row.status}`)}</span>
              <br />
              <span className="gift-category">{text(`audit${row.auditStatus}`)}</span>
            </td>
            <td>{`${row.receiver} ${row.phone} ${row.province} ${row.city} ${row.district} ${row.address}`}</td>
            <td>{row.reviewNote}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
