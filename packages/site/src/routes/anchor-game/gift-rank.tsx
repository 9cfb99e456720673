import type { CallResponse, homeSport } from '@lobby/sdk';
import { usePageTexts } from '../../i18n/page-texts.js';
import { anchorTexts } from './texts.js';

type RankEntry = CallResponse<typeof homeSport>['coinRankList'][number];

/** A ranked list of senders and their coins (the anchor's gift rank, home's coin rank). */
export function RankList({ title, entries, id }: { title: string; entries: readonly RankEntry[]; id: string }) {
  const t = usePageTexts(anchorTexts);
  return (
    <section className="rank-list" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {entries.length === 0 ? (
        <p>{t('noGiftsYet')}</p>
      ) : (
        <ol>
          {entries.map((entry) => (
            <li key={entry.rank} data-rank={entry.rank}>
              <span className="rank-name">{entry.name}</span>
              <span className="rank-coins" data-coins={entry.coins}>{t('rankCoins', { coins: entry.coins })}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

