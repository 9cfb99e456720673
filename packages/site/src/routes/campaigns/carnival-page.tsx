import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, campaignCarnivalApply, campaignCarnivalApplyCheck, campaignCarnivalInfo, campaignCarnivalVote, carnivalModal, formatClock, type CarnivalInfo } from '@lobby/sdk';
import { useLobby } from '../../app/lobby-context.js';
import { Modal } from '../../app/auth/modal.js';
import { usePageTexts } from '../../i18n/page-texts.js';
import { useCountdown } from '../../modules/countdown.js';
import { ErrorLine } from '../../modules/error-line.js';
import { refusalOf, runRefusable, type Refusal } from '../../modules/refusal.js';
import { safeHref } from '../../modules/safe-href.js';
import { formatMinor } from '../../modules/wallet-amount.js';
import { ActivityFrame, useClaim, type LoadedActivity } from '../activities/shared/index.js';
import { installCampaignStyles } from './campaign-styles.js';
import { refreshTooSoon } from './refresh-guard.js';
import { carnivalVideoView } from './carnival-video.js';
import { campaignTexts, type CampaignText } from './texts.js';
import { useCallData, useLoggedIn } from './use-campaign.js';

const money = (minor: number) => formatMinor(minor, 2);

/** The guard runs once per page load (not per render): the answer is kept per activity. */
const guarded = new Map<number, boolean>();
function useRefreshGuard(activityId: number): boolean {
  if (!guarded.has(activityId)) {
    let tooSoon = false;
    try {
      tooSoon = refreshTooSoon(window.sessionStorage, activityId, Date.now());
    } catch {
      tooSoon = false;
    }
    guarded.set(activityId, tooSoon);
  }
  return guarded.get(activityId) ?? false;
}

/**
 * The Euro cup carnival (/app/european-cup/{id}, /app/euro-cup/{id}): every field of the spec's
 * "Euro cup config", the countdown, the two apply steps with their modals (spec section 4),
 * carnival videos, the star vote, the fans rank, and the 5000 ms refresh guard.
 */
export function CarnivalView({ load }: { load: LoadedActivity }) {
  installCampaignStyles();
  const text = usePageTexts(campaignTexts);
  const tooSoon = useRefreshGuard(load.detail.id);
  const { data: info, loadedAtMs, error, reload } = useCallData(campaignCarnivalInfo, { activityId: load.detail.id });
  return (
    <ActivityFrame load={load}>
      {tooSoon ? <p className="notice" role="alert" data-refresh-guard>{text('dontRefresh')}</p> : null}
      <ErrorLine error={error} />
      {/* At least a viewport tall, loading or loaded: the terms below start out of sight and are not pushed in view when the carnival arrives. */}
      <div className="campaign-body">
        {!info ? <p className="content-loading">{text('loading')}</p> : (
          <>
            <CarnivalHead info={info} loadedAtMs={loadedAtMs} reload={reload} text={text} />
            <Programme info={info} text={text} />
            {info.config.activityCarnivalDetailConfig.videoConf ? <Videos info={info} text={text} /> : null}
            <Stars info={info} reload={reload} text={text} />
            <FansRank info={info} text={text} />
            {info.config.activityCarnivalConfig.advertisingSwitch === 1 ? (
              <p className="notice">{text('advert')} <Link to="/app/activity">{text('toActivities')}</Link></p>
            ) : null}
          </>
        )}
      </div>
    </ActivityFrame>
  );
}

function CarnivalHead({ info, loadedAtMs, reload, text }: { info: CarnivalInfo; loadedAtMs: number; reload: () => void; text: CampaignText }) {
  const detail = info.config.activityCarnivalDetailConfig;
  const left = useCountdown(detail.countdownConf ? info.countdownSeconds : null, loadedAtMs);
  const picture = info.config.baseConfig.webMainPicture || detail.imgUrlWeb;
  // The buttons lead to pages of this site only (the server's rule too): anything else is not a button.
  const betLink = safeHref(detail.betBtnConf.link, ['path']);
  const imgLink = safeHref(detail.imgBtnConf.link, ['path']);
  return (
    <section className="activity-panel" aria-labelledby="carnival-apply-title">
      {picture ? <img className="campaign-hero" src={picture} alt="" width={640} height={360} /> : null}
      {detail.countdownConf && left !== null ? (
        <p>
          {detail.countdownTxt || text('countdown')}{' '}
          <span className="campaign-clock" role="timer" aria-live="off" data-countdown>{formatClock(left)}</span>
        </p>
      ) : null}
      <h2 id="carnival-apply-title">{text('applyReward', { money: money(info.applyRewardMinor) })}</h2>
      <Apply info={info} reload={reload} text={text} />
      <p className="activity-terms-text">{detail.betConfContent}</p>
      <p className="campaign-picks">
        {betLink ? <Link className="button" to={betLink}>{detail.betBtnConf.text}</Link> : null}
        {imgLink ? <Link className="button" to={imgLink}>{detail.imgBtnConf.text}</Link> : null}
      </p>
    </section>
  );
}

/**
 * The two apply steps: step 1 (check) opens modal 1 (confirm) on success, modal 2 (refused)
 * otherwise; step 2 (apply) opens modal 3 (done) on success, modal 2 on 711, modal 1 again
 * (with the reason) on any other refusal.
 */
function Apply({ info, reload, text }: { info: CarnivalInfo; reload: () => void; text: CampaignText }) {
  const { client } = useLobby();
  const loggedIn = useLoggedIn();
  const [modal, setModal] = useState<0 | 1 | 2 | 3>(0);
  const [checking, setChecking] = useState(false);
  const [stepRefusal, setStepRefusal] = useState<Refusal | null>(null);
  const { claim, busy, refusal, clearRefusal } = useClaim(reload);
  const close = useCallback(() => setModal(0), []);

  const step1 = () => {
    clearRefusal();
    setStepRefusal(null);
    setChecking(true);
    client.call(campaignCarnivalApplyCheck, { activityId: info.activityId, termsVersion: info.termsVersion }).then(
      () => setModal(carnivalModal(1, 0)),
      (failure: unknown) => {
        const refused = refusalOf(failure);
        setStepRefusal(refused);
        setModal(carnivalModal(1, refused.code));
      },
    ).finally(() => setChecking(false));
  };
  const step2 = () => {
    void claim({ carnival: info.activityId, termsVersion: info.termsVersion }, (key) =>
      client.call(campaignCarnivalApply, { activityId: info.activityId, termsVersion: info.termsVersion }, { idempotencyKey: key }),
    ).then((answer) => {
      if (answer) setModal(carnivalModal(2, 0));
    });
  };
  // A refused step 2 opens the modal its code names (711 → 2, otherwise 1).
  const refusedModal = refusal ? carnivalModal(2, refusal.code) : null;
  const shown = refusedModal !== null && modal === 1 ? refusedModal : modal;
  const reason = refusal ?? stepRefusal;

  if (!loggedIn) return <p>{text('logIn')}</p>;
  return (
    <>
      {info.applied ? <p role="status" data-applied>{text('applied')}</p> : null}
      <button className="button" type="button" disabled={checking || busy} onClick={step1} data-carnival-apply>{text('apply')}</button>
      {shown === 1 ? (
        <Modal title={text('modalConfirm')} closeLabel={text('close')} onClose={close}>
          <div data-carnival-modal="1">
            <p>{text('modalConfirmText', { money: money(info.applyRewardMinor) })}</p>
            <ErrorLine error={refusal ? refusal.message : ''} />
            <button className="button" type="button" disabled={busy} onClick={step2}>{text('modalConfirmButton')}</button>
          </div>
        </Modal>
      ) : null}
      {shown === 2 ? (
        <Modal title={text('modalRefused')} closeLabel={text('close')} onClose={close}>
          <div data-carnival-modal="2" data-code={reason?.code ?? 0}>
            <p role="alert">{reason ? reason.message : ''}</p>
          </div>
        </Modal>
      ) : null}
      {shown === 3 ? (
        <Modal title={text('modalDone')} closeLabel={text('close')} onClose={close}>
          <div data-carnival-modal="3">
            <p role="status">{text('modalDoneText', { money: money(info.applyRewardMinor) })}</p>
          </div>
        </Modal>
      ) : null}
    </>
  );
}

function Programme({ info, text }: { info: CarnivalInfo; text: CampaignText }) {
  if (info.config.list.length === 0) return null;
  return (
    <section className="activity-panel" aria-labelledby="carnival-programme-title">
      <h2 id="carnival-programme-title">{text('programme')}</h2>
      <ul className="campaign-list">
        {info.config.list.map((item) => (
          <li key={item.title}><strong>{item.title}</strong><span className="activity-terms-text">{item.text}</span></li>
        ))}
      </ul>
    </section>
  );
}

function Videos({ info, text }: { info: CarnivalInfo; text: CampaignText }) {
  if (info.carnivalVideos.length === 0) return null;
  return (
    <section className="activity-panel" aria-labelledby="carnival-videos-title">
      <h2 id="carnival-videos-title">{text('videos')}</h2>
      <ul className="campaign-cards">
        {info.carnivalVideos.map((video) => {
          const view = carnivalVideoView(video.url, window.location.origin);
          return (
            <li key={video.id} data-video-id={video.id} data-video-view={view.kind}>
              {view.kind === 'player' ? (
                <video controls preload="none" poster={video.poster || undefined} src={view.src} aria-label={video.title} />
              ) : video.poster ? <img src={video.poster} alt="" width={320} height={180} /> : null}
              <strong>{video.title}</strong>
              {view.kind === 'page' ? <Link to={view.to}>{text('watch')}</Link> : null}
              {view.kind === 'elsewhere' ? (
                <a href={view.href} target="_blank" rel="noopener noreferrer">
                  {text('watchElsewhere', { host: view.host })}
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Stars({ info, reload, text }: { info: CarnivalInfo; reload: () => void; text: CampaignText }) {
  const { client } = useLobby();
  const loggedIn = useLoggedIn();
  const english = useStore($language) === 'en';
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const open = info.config.activityCarnivalConfig.voteSwitch === 1;
  const nameOf = (star: CarnivalInfo['stars'][number]) => (english ? star.nameEn : star.nameZh);
  const votedFor = info.stars.find((star) => star.id === info.votedToday);
  const vote = (starId: string) => {
    void runRefusable(setBusy, setRefusal, () => client.call(campaignCarnivalVote, { activityId: info.activityId, starId })).then(reload);
  };
  return (
    <section className="activity-panel" aria-labelledby="carnival-stars-title">
      <h2 id="carnival-stars-title">{text('stars')}</h2>
      {!open ? <p>{text('votesClosed')}</p> : null}
      {votedFor ? <p role="status">{text('voted', { name: nameOf(votedFor) })}</p> : null}
      <ErrorLine error={refusal ? refusal.message : ''} />
      <ul className="campaign-cards">
        {info.stars.map((star) => (
          <li key={star.id} data-star-id={star.id} data-votes={star.votes}>
            <strong>{nameOf(star)}</strong>
            <span>{star.team}</span>
            <span>{text('votes', { count: star.votes })}</span>
            {open && loggedIn ? (
              <button className="button" type="button" disabled={busy || info.votedToday !== null} onClick={() => vote(star.id)}>{text('vote', { name: nameOf(star) })}</button>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function FansRank({ info, text }: { info: CarnivalInfo; text: CampaignText }) {
  return (
    <section className="activity-panel" aria-labelledby="carnival-fans-title">
      <h2 id="carnival-fans-title">{text('fansRank')}</h2>
      {info.fansRank.length === 0 ? <p>{text('noFans')}</p> : (
        <table className="campaign-table">
          <thead><tr><th scope="col">{text('rank')}</th><th scope="col">{text('fan')}</th><th scope="col">{text('fanVotes')}</th></tr></thead>
          <tbody>
            {info.fansRank.map((fan) => <tr key={fan.rank}><td>{fan.rank}</td><td>{fan.name}</td><td>{fan.votes}</td></tr>)}
          </tbody>
        </table>
      )}
    </section>
  );
}
