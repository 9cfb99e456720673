import { usePageTexts } from '../../../i18n/page-texts.js';
import { ActivityFrame, type LoadedActivity } from '../shared/index.js';
import { listTexts } from './texts.js';

/**
 * /app/pureDisplay/{id}: an activity shown, not claimed: its summary, pictures and terms.
 * An activity of another kind opened here shows the same (its own page has its buttons).
 */
export function DisplayView({ load }: { load: LoadedActivity }) {
  const text = usePageTexts(listTexts);
  const { config } = load.detail;
  const summary = typeof config.summary === 'string' ? config.summary : '';
  const pictures = Array.isArray(config.pictures) ? config.pictures.filter((picture): picture is string => typeof picture === 'string') : [];
  return (
    <ActivityFrame load={load} showClaims={false}>
      {summary ? <p className="activity-summary">{summary}</p> : null}
      {pictures.length > 0 ? (
        <section aria-label={text('pictures')} className="activity-pictures">
          {pictures.map((picture, index) => (
            <img key={picture} src={picture} alt={text('pictureAlt', { n: index + 1 })} width={640} height={360} loading="lazy" />
          ))}
        </section>
      ) : null}
      {load.detail.kind === 'display' ? <p className="hint">{text('displayOnly')}</p> : null}
    </ActivityFrame>
  );
}
