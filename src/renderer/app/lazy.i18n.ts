// Words shown while a screen's or dialog's code is loading or could not be loaded (app/lazy.tsx).
export const key = 'lazy';

export const en = {
  loading: 'Loading…',
  failed: 'This part of the app could not be loaded. Check that the app is still running, then try again.',
  retry: 'Try again',
};

export const zh: typeof en = {
  loading: '正在加载…',
  failed: '这部分界面没有加载成功。请确认应用仍在运行，然后重试。',
  retry: '重试',
};
