// Words shown while a screen's or dialog's code is still loading (app/lazy.tsx).
export const key = 'lazy';

export const en = { loading: 'Loading…' };

export const zh: typeof en = { loading: '正在加载…' };
