// UI strings of the home screen (alerts and charts) (zh-CN and English).
export const key = 'dashboard';

export const en = {
  title: 'Home',
};

export const zh: typeof en = {
  title: '首页',
};
