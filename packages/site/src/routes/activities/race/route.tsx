import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $session, ApiError, raceBoard, type CallResponse } from '@lobby/sdk';
import { useLobby } from '../../../app/lobby-context.js';
import { usePageTexts } from '../../../i18n/page-texts.js';
import { ErrorLine } from '../../../modules/error-line.js';
import { formatMinor } from '../../../modules/wallet-amount.js';
import { ActivityFrame, ActivityShell, activityIdOf, type LoadedActivity } from '../shared/index.js';
import { raceTexts } from './texts.js';

type Board = CallResponse<typeof raceBoard>;
const money = (minor: number) => formatMinor(minor, 2);

/**
 * /app/race-page/{id}: a race (issue 20; docs/RED-PACKET-RAIN.md). The leaderboard by
 * turnover or deposits with each rank's prize, the member's own score and rank; once the
 * window closed, the final board whose prizes were paid.
 */
export function RacePage() {
  const id = activityIdOf(useParams().id);
  return <ActivityShell id={id}>{(load) => <Race load={load} />}</ActivityShell>;
}

function useBoard(activityId: number, attempt: number) {
  const { client } = useLobby();
  const token = useStore($session)?.token ?? '';
  const [board, setBoard] = useState<Board | undefined>(undefined);
  const [error, setError] = useState('');
  useEffect(() => {
    let current = true;
    client.call(raceBoard, { activityId }).then(
      (answer) => current && (setBoard(answer), setError('')),
      (failure: unknown) => current && setError(failure instanceof ApiError ? failure.message : String(failure)),
    );
    return () => {
      current = false;
    };
  }, [client, activityId, token, attempt]);
  return { board, error };
}

function Race({ load }: { load: LoadedActivity }) {
  const text = usePageTexts(raceTexts);
  const { board, error } = useBoard(load.detail.id, load.loadedAtMs);
  return (
    <ActivityFrame load={load}>
      {error ? <ErrorLine error={error} /> : null}
      {!board ? <p className="content-loading">{text('loading')}</p> : (
        <section className="activity-panel" aria-labelledby="race-board-title" data-settled={board.settled}>
          <h2 id="race-board-title">{board.settled ? text('finalBoard') : text('board')}</h2>
          <p>{text(`metric_${board.metric}`)} · {text('minScore', { money: money(board.minScoreMinor) })}</p>
          <p>{text('prizes', { list: board.prizesMinor.map((prize, index) => text('prizeRank', { rank: index + 1, money: money(prize) })).join('，') })}</p>
          {board.me ? (
            <p data-my-rank={board.me.rank ?? ''}>
              {text('me', { money: money(board.me.scoreMinor) })} · {board.me.rank === null ? text('noRank') : text('myRank', { rank: board.me.rank })}
              {board.settled && board.me.rank !== null && board.me.prizeMinor > 0 ? ` · ${text('won', { rank: board.me.rank, money: money(board.me.prizeMinor), paid: board.me.paid ? text('paid') : '' })}` : ''}
            </p>
          ) : null}
          {board.board.length === 0 ? <p>{text('empty')}</p> : (
            <table className="race-board">
              <thead>
                <tr><th scope="col">{text('rank')}</th><th scope="col">{text('name')}</th><th scope="col">{text('score')}</th><th scope="col">{text('prize')}</th></tr>
              </thead>
              <tbody>
                {board.board.map((row) => (
                  <tr key={row.rank} data-rank={row.rank}>
                    <td>{row.rank}</td><td>{row.name}</td><td>{money(row.scoreMinor)}</td><td>{row.prizeMinor > 0 ? money(row.prizeMinor) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </section>
      )}
    </ActivityFrame>
  );
}
