import { Link } from 'react-router-dom';
import { useStore } from '@nanostores/react';
import { $language, categoryCards } from '@lobby/sdk';
import { useApi } from '../../app/use-api.js';
import { useText } from '../../i18n/use-text.js';

/** Category cards: sports, live, lottery, fish, electronic. */
export function CategoryCards() {
  const { data } = useApi(categoryCards, {});
  const language = useStore($language);
  const text = useText();
  if (!data || data.length === 0) return null;
  return (
    <nav className="category-cards" aria-label={text('categories')}>
      {data.map((card) => {
        const title = language === 'en' ? card.title.en : card.title.zh;
        return (
          <Link key={card.kind} className={`category-card ${card.kind}`} to={card.path}>
            <img src={card.imageUrl} alt="" />
            <span>{title}</span>
          </Link>
        );
      })}
    </nav>
  );
}
