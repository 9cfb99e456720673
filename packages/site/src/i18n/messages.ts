/** The site frame's own texts, one table per language the sdk knows. */
export const siteMessagesZh = {
  home: '首页',
  language: '语言',
  loading: '加载中…',
  loginName: '用户名',
  loginPassword: '密码',
  login: '登录',
  loggingIn: '登录中…',
  logout: '退出',
  loginFailed: '登录失败，请稍后再试',
  loginMissing: '请输入用户名和密码',
  welcome: '欢迎，{name}',
  signedIn: '已登录',
  notBuilt: '此页面的功能尚未完成。这里没有可用的内容。',
  homeIntro: '首页的横幅、公告、场馆分类和小部件即将上线。',
  serverUnreachable: '无法连接服务器，请检查网络后重试。',
  retry: '重试',
  pageFailed: '页面加载失败。',
  footer: '理性投注，未满18岁禁止参与。',
} as const;

export type SiteMessageKey = keyof typeof siteMessagesZh;

export const siteMessagesEn: Record<SiteMessageKey, string> = {
  home: 'Home',
  language: 'Language',
  loading: 'Loading…',
  loginName: 'User name',
  loginPassword: 'Password',
  login: 'Log in',
  loggingIn: 'Logging in…',
  logout: 'Log out',
  loginFailed: 'Login failed, please try again later',
  loginMissing: 'Enter your user name and password',
  welcome: 'Welcome, {name}',
  signedIn: 'Signed in',
  notBuilt: 'The features of this page are not built yet. There is nothing to use here.',
  homeIntro: 'The banners, notices, venue categories and widgets of the home page are coming.',
  serverUnreachable: 'The server cannot be reached. Check your connection and try again.',
  retry: 'Retry',
  pageFailed: 'This page failed to load.',
  footer: 'Bet responsibly. No one under 18 may take part.',
};
