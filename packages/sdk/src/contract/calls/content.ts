import { defineCall } from '../call.js';
import { CustomerService } from '../entities.js';
import { s, type Infer, type Schema } from '../schema.js';

// Site content for the home page and the frame (spec section 7, "Site"): banners v1 and
// v2, domain notices (the marquee), sponsors, navigation, customer service, category
// cards, help categories and the language whitelist. All are public, per brand (x-site-id).

/** A text in both languages the site speaks. */
const Text = s.object({ zh: s.string(), en: s.string() });

export const Banner = s.object({
  id: s.integer(),
  title: Text,
  imageUrl: s.string(),
  /** An in-site route ('/app/activity') or an http(s) address opened in a new window. */
  link: s.string(),
});
export type Banner = Infer<typeof Banner>;

export const DomainNotice = s.object({ id: s.integer(), content: Text });
export type DomainNotice = Infer<typeof DomainNotice>;

export const Sponsor = s.object({
  id: s.integer(),
  brand: s.string({ description: 'The sponsor route segment, /sponsor/{brand}/{sponsor}' }),
  slug: s.string(),
  name: Text,
  imageUrl: s.string(),
  summary: Text,
});
export type Sponsor = Infer<typeof Sponsor>;

export const SponsorDetail = s.object({
  id: s.integer(),
  brand: s.string(),
  slug: s.string(),
  name: Text,
  imageUrl: s.string(),
  summary: Text,
  body: Text,
  published: s.boolean(),
});
export type SponsorDetail = Infer<typeof SponsorDetail>;

export const NavigationItem = s.object({ code: s.string(), title: Text, path: s.string() });
export type NavigationItem = Infer<typeof NavigationItem>;

export const CATEGORY_CARD_KINDS = ['sports', 'live', 'lottery', 'fish', 'electronic'] as const;
export const CategoryCard = s.object({
  kind: s.enum(CATEGORY_CARD_KINDS),
  title: Text,
  imageUrl: s.string(),
  path: s.string(),
});
export type CategoryCard = Infer<typeof CategoryCard>;

export const HelpCategory = s.object({
  typeId: s.integer(),
  title: Text,
  items: s.array(s.object({ listId: s.integer(), title: Text, content: Text })),
});
export type HelpCategory = Infer<typeof HelpCategory>;

const list = <T>(name: string, path: string, summary: string, item: Schema<T>) =>
  defineCall({ name, group: 'content', path, style: 'query', auth: 'none', summary, request: s.empty(), response: s.array(item) });

/** Banners v1: the carousel list. */
export const bannerList = list('bannerList', '/site/v1/banners', 'Home banners of the brand', Banner);

/** Banners v2: the list and the carousel interval. */
export const bannerListV2 = defineCall({
  name: 'bannerListV2',
  group: 'content',
  path: '/site/v2/banners',
  style: 'query',
  auth: 'none',
  summary: 'Home banners with the carousel interval',
  request: s.empty(),
  response: s.object({ list: s.array(Banner), intervalMs: s.integer({ minimum: 1000 }) }),
});

/** Domain notices: the scrolling marquee of home. */
export const domainNotices = list('domainNotices', '/site/v1/domain_notices', 'Notices scrolled on home', DomainNotice);

/** Published sponsors. */
export const sponsorList = list('sponsorList', '/site/v1/sponsor/list', 'Published sponsors of the brand', Sponsor);

/** One published sponsor; notFound for an unknown or unpublished one. */
export const sponsorDetail = defineCall({
  name: 'sponsorDetail',
  group: 'content',
  path: '/site/v1/sponsor/detail',
  style: 'query',
  auth: 'none',
  summary: 'A published sponsor by id or by brand and slug',
  request: s.object({ sponsorId: s.optional(s.integer({ minimum: 1 })), slug: s.optional(s.string({ maxLength: 64 })) }),
  response: SponsorDetail,
});

/** One sponsor, published or draft (the preview pages). */
export const sponsorPreview = defineCall({
  name: 'sponsorPreview',
  group: 'content',
  path: '/site/v1/sponsor/preview',
  style: 'query',
  auth: 'none',
  summary: 'A sponsor by id, drafts included',
  request: s.object({ sponsorId: s.integer({ minimum: 1 }) }),
  response: SponsorDetail,
});

/** The side floating navigation and header links. */
export const navigationList = list('navigationList', '/site/v1/navigation', 'Navigation links of the brand', NavigationItem);

/** Customer-service addresses (/cs and /cschat pick from these). */
export const customerServiceUrls = list('customerServiceUrls', '/site/v1/customer_service', 'Customer service addresses', CustomerService);

/** Home category cards: sports, live, lottery, fish, electronic. */
export const categoryCards = list('categoryCards', '/site/v1/category_cards', 'Home category cards', CategoryCard);

/** Help centre categories with their articles. */
export const helpCategories = list('helpCategories', '/site/v1/help_categories', 'Help categories and articles', HelpCategory);

/** The brand's languages (spec section 5: a stored language must be in this list). */
export const languageWhitelist = defineCall({
  name: 'languageWhitelist',
  group: 'content',
  path: '/site/v1/language_whitelist',
  style: 'query',
  auth: 'none',
  summary: 'Default language and the list of languages the brand offers',
  request: s.empty(),
  response: s.object({ default: s.string(), list: s.array(s.string()) }),
});

/** Anchor-game images home prefetches (spec section 2). */
export const anchorGameImages = defineCall({
  name: 'anchorGameImages',
  group: 'content',
  path: '/site/v1/anchor_game_images',
  style: 'query',
  auth: 'none',
  summary: 'Images of the anchor-game page, for prefetching',
  request: s.empty(),
  response: s.array(s.string()),
});

/** Forgotten login password by phone: name, bound phone, the code sent (type 3), new password. */
export const forgetLoginPassword = defineCall({
  name: 'forgetLoginPassword',
  group: 'member',
  path: '/member/v1/forget_login_password',
  style: 'json',
  auth: 'none',
  summary: 'Reset the login password with a phone code (sendPhoneCode type 3)',
  request: s.object({
    name: s.string({ minLength: 4, maxLength: 16, pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$' }),
    areaCode: s.optional(s.string({ pattern: '^\\+[0-9]{1,4}$' })),
    phone: s.string({ pattern: '^[0-9]{5,13}$' }),
    code: s.string({ pattern: '^[0-9]{4,10}$' }),
    password: s.string({ pattern: '^[0-9a-f]{32}$', description: 'MD5 hex of the new password' }),
  }),
  response: s.object({}),
});
