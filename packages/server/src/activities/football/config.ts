/**
 * The football campaign kinds' rules (issue 21; docs/CAMPAIGNS.md): `football_guess` (guess
 * activity, soccer lottery, euro24 quiz, champions league, surviving), `carnival` (the Euro cup
 * carnival, spec section 3 "Euro cup config") and `football_shot` (the penalty game). Each
 * kind's config is checked here when the operator or a seed writes the activity.
 */
import { GUESS_MODES, type CarnivalConfig, type GuessMode } from '@lobby/sdk';
import { imageAllowed } from '../engine/config.js';
import { isInt, isObject } from '../engine/config-values.js';

export const FOOTBALL_LIMITS = { rewardMaxMinor: 10_000_000, guessesMax: 200, starsMax: 40, videosMax: 20, listMax: 20, textMax: 500, shotsPerDayMax: 20 } as const;

export interface GuessConfig {
  mode: GuessMode;
  /** Paid for each right guess, minor units. */
  rewardMinor: number;
  /** The most fixtures one member may guess in the activity. */
  guessesPerMember: number;
  /** The page slot it fills (champions-league), '' when it has its own id page only. */
  campaignSlot?: string;
}

export interface CarnivalStarConfig { id: string; nameZh: string; nameEn: string; team: string }
export interface CarnivalVideoConfig { id: string; title: string; url: string; poster: string }
export interface CarnivalRules extends Omit<CarnivalConfig, 'activityCarnivalConfig'> {
  activityCarnivalConfig: Omit<CarnivalConfig['activityCarnivalConfig'], 'activityId' | 'id'>;
  applyRewardMinor: number;
  stars: CarnivalStarConfig[];
  carnivalVideos: CarnivalVideoConfig[];
}

export interface ShotConfig {
  shotsPerDay: number;
  goalPrizeMinor: number;
}

type Json = Record<string, unknown>;
const isText = (value: unknown, max: number = FOOTBALL_LIMITS.textMax, min = 0): value is string => typeof value === 'string' && value.length >= min && value.length <= max;
const ID = /^[A-Za-z0-9_-]{1,32}$/;
/** A link the page may follow: a same-origin path (never `//host`). */
const samePath = (value: unknown): boolean => typeof value === 'string' && /^\/(?!\/)[^\s<>"']{0,300}$/.test(value);
/** A picture: same-origin or a data: image (the engine's rule), or empty (none). */
const picture = (value: unknown): boolean => value === '' || imageAllowed(value);
/** A video: a same-origin path or an https URL. */
const videoUrl = (value: unknown): boolean => samePath(value) || (typeof value === 'string' && /^https:\/\/[^\s<>"']{1,300}$/.test(value));

function guessProblem(c: Json): string | null {
  if (!GUESS_MODES.includes(c.mode as GuessMode)) return `mode must be one of ${GUESS_MODES.join(', ')}`;
  if (!isInt(c.rewardMinor, 1, FOOTBALL_LIMITS.rewardMaxMinor)) return `rewardMinor must be an integer of minor units from 1 to ${FOOTBALL_LIMITS.rewardMaxMinor}`;
  if (!isInt(c.guessesPerMember, 1, FOOTBALL_LIMITS.guessesMax)) return `guessesPerMember must be an integer from 1 to ${FOOTBALL_LIMITS.guessesMax}`;
  if (c.campaignSlot !== undefined && c.campaignSlot !== 'champions-league') return "campaignSlot of a guess may only be 'champions-league'";
  return null;
}

function linkProblem(name: string, value: unknown): string | null {
  if (!isObject(value) || !isText(value.text, 40) || !(value.link === '' || samePath(value.link))) return `${name} must be { text (up to 40 characters), link (a same-origin path or '') }`;
  return null;
}

function carnivalProblem(c: Json): string | null {
  if (!isInt(c.applyRewardMinor, 0, FOOTBALL_LIMITS.rewardMaxMinor)) return `applyRewardMinor must be an integer of minor units from 0 to ${FOOTBALL_LIMITS.rewardMaxMinor}`;
  const d = c.activityCarnivalDetailConfig;
  if (!isObject(d)) return 'activityCarnivalDetailConfig must be an object';
  for (const key of ['betBtnConf', 'imgBtnConf'] as const) {
    const problem = linkProblem(`activityCarnivalDetailConfig.${key}`, d[key]);
    if (problem) return problem;
  }
  for (const key of ['betConfContent', 'countdownTxt'] as const) if (!isText(d[key])) return `activityCarnivalDetailConfig.${key} must be text of at most ${FOOTBALL_LIMITS.textMax} characters`;
  for (const key of ['countdownConf', 'videoConf'] as const) if (typeof d[key] !== 'boolean') return `activityCarnivalDetailConfig.${key} must be true or false`;
  for (const key of ['imgUrlH5', 'imgUrlWeb', 'webBgImg'] as const) if (!picture(d[key])) return `activityCarnivalDetailConfig.${key} must be a same-origin path, a data: image or ''`;
  if (typeof d.targetTime !== 'string' || Number.isNaN(Date.parse(d.targetTime))) return 'activityCarnivalDetailConfig.targetTime must be an ISO 8601 time';
  const b = c.baseConfig;
  if (!isObject(b) || !picture(b.webMainPicture) || !picture(b.webBackgroundPicture)) return "baseConfig must be { webMainPicture, webBackgroundPicture }, each a same-origin path, a data: image or ''";
  const a = c.activityCarnivalConfig;
  if (!isObject(a) || (a.advertisingSwitch !== 0 && a.advertisingSwitch !== 1) || (a.voteSwitch !== 0 && a.voteSwitch !== 1) || !picture(a.h5BackgroundUrl)) {
    return 'activityCarnivalConfig must be { advertisingSwitch 0 or 1, voteSwitch 0 or 1, h5BackgroundUrl }';
  }
  if (!Array.isArray(c.list) || c.list.length > FOOTBALL_LIMITS.listMax || !c.list.every((item) => isObject(item) && isText(item.title, 80, 1) && isText(item.text))) {
    return `list must hold up to ${FOOTBALL_LIMITS.listMax} items { title (1-80 characters), text }`;
  }
  const stars = c.stars;
  if (!Array.isArray(stars) || stars.length > FOOTBALL_LIMITS.starsMax) return `stars must list up to ${FOOTBALL_LIMITS.starsMax} stars`;
  if (!stars.every((star) => isObject(star) && ID.test(String(star.id)) && isText(star.nameZh, 40, 1) && isText(star.nameEn, 40, 1) && isText(star.team, 40))) {
    return 'every star must be { id (1-32 of A-Z a-z 0-9 _ -), nameZh, nameEn (1-40 characters), team }';
  }
  if (new Set(stars.map((star: Json) => star.id)).size !== stars.length) return 'star ids must be unique';
  const videos = c.carnivalVideos;
  if (!Array.isArray(videos) || videos.length > FOOTBALL_LIMITS.videosMax) return `carnivalVideos must list up to ${FOOTBALL_LIMITS.videosMax} videos`;
  if (!videos.every((video) => isObject(video) && ID.test(String(video.id)) && isText(video.title, 80, 1) && videoUrl(video.url) && picture(video.poster))) {
    return 'every carnival video must be { id, title (1-80 characters), url (a same-origin path or https URL), poster }';
  }
  return null;
}

function shotProblem(c: Json): string | null {
  if (!isInt(c.shotsPerDay, 1, FOOTBALL_LIMITS.shotsPerDayMax)) return `shotsPerDay must be an integer from 1 to ${FOOTBALL_LIMITS.shotsPerDayMax}`;
  if (!isInt(c.goalPrizeMinor, 1, FOOTBALL_LIMITS.rewardMaxMinor)) return `goalPrizeMinor must be an integer of minor units from 1 to ${FOOTBALL_LIMITS.rewardMaxMinor}`;
  return null;
}

/** Checks a football campaign's config: null when valid, else the problem in words. */
export function validateConfig(kind: string, config: unknown): string | null {
  if (!isObject(config)) return 'config must be a JSON object';
  if (kind === 'football_guess') return guessProblem(config);
  if (kind === 'carnival') return carnivalProblem(config);
  if (kind === 'football_shot') return shotProblem(config);
  return `${kind} is not a football campaign kind`;
}

export const guessConfigOf = (config: Json): GuessConfig => config as unknown as GuessConfig;
export const carnivalConfigOf = (config: Json): CarnivalRules => config as unknown as CarnivalRules;
export const shotConfigOf = (config: Json): ShotConfig => config as unknown as ShotConfig;
