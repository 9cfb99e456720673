import { Link } from 'react-router-dom';
import { defineTexts } from '@lobby/sdk';
import { usePageTexts } from '../../../i18n/page-texts.js';

/** The limits page's path (member centre). */
export const PLAY_LIMITS_PATH = '/app/myCenter/limits';

/** The link's own words: home loads it in its first chunk, so it carries none of the page's texts or calls. */
export const playLimitsLinkTexts = defineTexts(
  { limitsLink: '限额设置', limitsLinkHint: '管理存款、亏损、投注和游戏时长限额' },
  { limitsLink: 'Play limits', limitsLinkHint: 'Manage your deposit, loss, wager and session-time limits' },
);

/** A link to the limits page, for home and every deposit page. */
export function PlayLimitsLink({ className = 'play-limits-link' }: { className?: string }) {
  const t = usePageTexts(playLimitsLinkTexts);
  return (
    <p className={className}>
      <Link to={PLAY_LIMITS_PATH} data-testid="play-limits-link">
        {t('limitsLink')}
      </Link>{' '}
      <span className="muted">{t('limitsLinkHint')}</span>
    </p>
  );
}
