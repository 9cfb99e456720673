import type { Migration } from '../migration.js';

/**
 * The content pages (issue 19; docs/NEWS.md):
 * - `news_articles`: a brand's articles in one language each; the body is HTML sanitised on
 *   write (and again on read). `status` draft, published or unpublished; members see a
 *   published article from `published_at` on. `version` grows with every change (the desk
 *   updates optimistically).
 * - `news_experts` and `news_expert_picks`: a brand's soccer experts and their picks, one per
 *   expert and market, with the fixture's names as they were when picked (a fixture leaves
 *   the feed's store some day; the pick's record stays) and the result once settled.
 * - `site_static_info`: what the /static/v1 calls answer beside the site config: the points
 *   shop configuration and the agent desk's contact channels, one document per brand.
 */
export const newsMigration: Migration = {
  id: 850,
  name: 'news articles, experts and picks, static info',
  up: `
CREATE TABLE news_articles (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  language text NOT NULL CHECK (language IN ('zh-CN', 'en')),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  summary text NOT NULL DEFAULT '',
  cover_url text NOT NULL DEFAULT '',
  author text NOT NULL,
  body_html text NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'unpublished')),
  published_at timestamptz,
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  CHECK (status <> 'published' OR published_at IS NOT NULL)
);
CREATE INDEX news_articles_listed ON news_articles (site_id, language, published_at DESC) WHERE status = 'published';
CREATE TABLE news_experts (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_id integer NOT NULL REFERENCES sites (site_id) ON DELETE CASCADE,
  name_zh text NOT NULL,
  name_en text NOT NULL,
  title_zh text NOT NULL DEFAULT '',
  title_en text NOT NULL DEFAULT '',
  avatar_url text NOT NULL DEFAULT '',
  sort integer NOT NULL DEFAULT 0
);
CREATE INDEX news_experts_site ON news_experts (site_id, sort);
CREATE TABLE news_expert_picks (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  expert_id integer NOT NULL REFERENCES news_experts (id) ON DELETE CASCADE,
  fixture_id text NOT NULL,
  market_id text NOT NULL,
  selection_id text NOT NULL,
  league_zh text NOT NULL,
  league_en text NOT NULL,
  home_zh text NOT NULL,
  home_en text NOT NULL,
  away_zh text NOT NULL,
  away_en text NOT NULL,
  starts_at timestamptz NOT NULL,
  market_zh text NOT NULL,
  market_en text NOT NULL,
  selection_zh text NOT NULL,
  selection_en text NOT NULL,
  odds integer NOT NULL CHECK (odds >= 1001),
  analysis text NOT NULL DEFAULT '',
  result text NOT NULL DEFAULT 'pending' CHECK (result IN ('pending', 'won', 'lost', 'half_won', 'half_lost', 'void')),
  picked_at timestamptz NOT NULL,
  UNIQUE (expert_id, fixture_id, market_id)
);
CREATE INDEX news_expert_picks_recent ON news_expert_picks (expert_id, picked_at DESC);
CREATE INDEX news_expert_picks_fixture ON news_expert_picks (fixture_id) WHERE result = 'pending';
CREATE TABLE site_static_info (
  site_id integer PRIMARY KEY REFERENCES sites (site_id) ON DELETE CASCADE,
  lkshop jsonb NOT NULL,
  agent_contacts jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
`,
  down: 'DROP TABLE site_static_info; DROP TABLE news_expert_picks; DROP TABLE news_experts; DROP TABLE news_articles;',
};
