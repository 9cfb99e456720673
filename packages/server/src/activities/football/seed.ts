import type { ActivityInput } from '../engine/index.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/** A pitch drawn in SVG: the carnival's pictures and video posters (a data: image, allowed by the page's CSP). */
const pitch = (color: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180"><rect width="320" height="180" fill="${color}"/><rect x="10" y="10" width="300" height="160" fill="none" stroke="#fff" stroke-width="3"/><line x1="160" y1="10" x2="160" y2="170" stroke="#fff" stroke-width="3"/><circle cx="160" cy="90" r="28" fill="none" stroke="#fff" stroke-width="3"/></svg>`)}`;

/**
 * The football campaigns every brand runs (docs/CAMPAIGNS.md "Seeds"): from an hour before the
 * first start for 30 days, funded from the house. The guesses use the sandbox feed's football
 * fixtures (a match every 6 minutes while the server listens).
 */
export function seedActivities(now: Date): ActivityInput[] {
  const startsAt = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS - HOUR_MS);
  const endsAt = new Date(startsAt.getTime() + 30 * DAY_MS);
  const window = { startsAt, endsAt, category: 'sports' };
  return [
    {
      ...window, kind: 'football_guess', title: '世界杯竞猜 World cup guess', sort: 60, budgetMinor: 5_000_00,
      config: { mode: 'result', rewardMinor: 8_88, guessesPerMember: 20, summary: '猜中赛果得8.88元 Guess the result, win 8.88 yuan' },
      termsText: '开赛前竞猜比赛结果（主胜、平局、客胜），每场限猜一次，猜中即得8.88元，比赛结束后自动派发。每位会员最多竞猜20场。\nGuess the result (home, draw, away) before kick-off, once a match; a right guess pays 8.88 yuan when the match ends. Up to 20 matches a member.',
      caps: { perMemberMinor: 200_00 },
    },
    {
      ...window, kind: 'football_guess', title: '足球彩票 Soccer lottery', sort: 61, budgetMinor: 5_000_00,
      config: { mode: 'score', rewardMinor: 58_00, guessesPerMember: 10, summary: '猜中比分得58元 Guess the exact score, win 58 yuan' },
      termsText: '开赛前竞猜比赛最终比分（每队0至9球），猜中比分得58元，比赛结束后自动派发。每位会员最多竞猜10场。\nGuess the final score (0 to 9 goals a side) before kick-off; the exact score pays 58 yuan when the match ends. Up to 10 matches a member.',
    },
    {
      ...window, kind: 'football_guess', title: '欧洲杯24竞猜 Euro 24 quiz', sort: 62, budgetMinor: 3_000_00,
      config: { mode: 'result', rewardMinor: 5_88, guessesPerMember: 10 },
      termsText: '欧洲杯竞猜：开赛前竞猜赛果，猜中得5.88元。每位会员最多10场。\nEuro quiz: guess the result before kick-off; a right guess pays 5.88 yuan. Up to 10 matches a member.',
    },
    {
      ...window, kind: 'football_guess', title: '欧冠竞猜 Champions league guess', sort: 63, budgetMinor: 3_000_00,
      config: { mode: 'result', rewardMinor: 6_66, guessesPerMember: 10, campaignSlot: 'champions-league' },
      termsText: '欧冠竞猜：开赛前竞猜赛果，猜中得6.66元。每位会员最多10场。\nChampions league guess: guess the result before kick-off; a right guess pays 6.66 yuan. Up to 10 matches a member.',
    },
    {
      ...window, kind: 'football_guess', title: '生存挑战 Surviving', sort: 64, budgetMinor: 3_000_00,
      config: { mode: 'survivor', rewardMinor: 10_00, guessesPerMember: 30 },
      termsText: '每轮选择一支获胜球队，选中的球队获胜即晋级并得10元；打平或输球即出局，不能再选。\nPick a team to win each match you enter: a win moves you on and pays 10 yuan; a draw or a loss puts you out for good.',
    },
    {
      ...window, kind: 'carnival', title: '欧洲杯嘉年华 Euro cup carnival', sort: 65, budgetMinor: 2_000_00, oneRewardPer: ['device'],
      config: {
        applyRewardMinor: 18_00,
        activityCarnivalDetailConfig: {
          betBtnConf: { text: '去投注 Bet now', link: '/app/sport' }, betConfContent: '报名后投注欧洲杯赛事，为你支持的球星加油。\nApply, then bet on the Euro matches and cheer your star.',
          countdownConf: true, countdownTxt: '距决赛开球 To the final kick-off', imgBtnConf: { text: '查看规则 Rules', link: '' },
          imgUrlH5: pitch('#1b5e20'), imgUrlWeb: pitch('#2e7d32'), targetTime: new Date(startsAt.getTime() + 20 * DAY_MS).toISOString(), videoConf: true, webBgImg: '',
        },
        baseConfig: { webMainPicture: pitch('#0d47a1'), webBackgroundPicture: '' },
        activityCarnivalConfig: { advertisingSwitch: 1, h5BackgroundUrl: '', voteSwitch: 1 },
        list: [
          { title: '报名 Apply', text: '报名即得18元。\nApply once and receive 18 yuan.' },
          { title: '投票 Vote', text: '每天可为一位球星投一票，粉丝榜按票数排名。\nOne vote a day for a star; the fans rank counts the votes.' },
          { title: '观赛 Watch', text: '嘉年华视频带你回顾精彩瞬间。\nThe carnival videos bring back the best moments.' },
        ],
        stars: [
          { id: 'kane', nameZh: '凯恩', nameEn: 'Kane', team: 'England' },
          { id: 'mbappe', nameZh: '姆巴佩', nameEn: 'Mbappé', team: 'France' },
          { id: 'musiala', nameZh: '穆西亚拉', nameEn: 'Musiala', team: 'Germany' },
          { id: 'yamal', nameZh: '亚马尔', nameEn: 'Yamal', team: 'Spain' },
        ],
        carnivalVideos: [
          { id: 'live-1', title: '正在进行的比赛 Matches in play', url: '/app/sport', poster: pitch('#33691e') },
          { id: 'news-1', title: '赛事新闻 Match news', url: '/app/news', poster: pitch('#004d40') },
        ],
      },
      termsText: '报名分两步：先确认资格，再提交报名；每位会员（每台设备）限报名一次，报名成功即得18元。重复报名将提示“已报名”(711)。每天可为一位球星投一票。\nApplying takes two steps: check, then apply; once per member (and device), paying 18 yuan. Applying again answers "already applied" (711). One vote a day for a star.',
    },
    {
      ...window, kind: 'football_shot', title: '点球大战 Football shot', sort: 66, budgetMinor: 3_000_00,
      config: { shotsPerDay: 3, goalPrizeMinor: 1_88 },
      termsText: '每天3次射门机会：选择左、中、右射门，门将扑救方向在射门前已承诺（公布哈希），射进即得1.88元。\nThree shots a day: shoot left, centre or right; the keeper\'s dive is committed (its hash published) before you shoot; a goal pays 1.88 yuan.',
    },
    {
      ...window, kind: 'discount', title: '全民狂欢 Every member\'s carnival', sort: 67, budgetMinor: 5_000_00,
      config: { rewardMinor: 8_00, campaignSlot: 'fullMemberActivity', summary: '活动期间存款满100元即可申请8元 Deposit 100 yuan in the window and apply for 8 yuan' },
      eligibility: { minDepositMinor: 100_00 },
      termsText: '全民活动：活动期间累计存款满100元的会员可申请8元彩金，每人一次。\nFor every member: deposit 100 yuan in the window and apply for 8 yuan, once per member.',
    },
    {
      ...window, kind: 'discount', title: '新人注册礼 Registration gift', sort: 68, budgetMinor: 3_000_00, oneRewardPer: ['device', 'phone'],
      config: { rewardMinor: 5_00, campaignSlot: 'registrantion', summary: '注册7天内绑定手机即可领取5元 Bind a phone within 7 days of registering and take 5 yuan' },
      eligibility: { registeredWithinDays: 7, requirePhone: true },
      termsText: '注册7天内并绑定手机的新会员可领取5元，每人（每台设备、每个手机号）一次。\nNew members within 7 days of registering with a bound phone take 5 yuan, once per member, device and phone.',
    },
  ];
}
