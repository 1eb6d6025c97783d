// UI strings of the container labels: print page (print-styled), label sizes, the scan shortcut (zh-CN and English).
export const key = 'labels';

export const en = {
  nav: 'Labels',
};

export const zh: typeof en = {
  nav: '标签',
};
