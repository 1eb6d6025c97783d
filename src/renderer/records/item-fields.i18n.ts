// UI strings of an item's lot, expiry, supplier, minimum stock and GHS pictograms (zh-CN and English).
export const key = 'itemFields';

export const en = {
  title: 'Container details',
};

export const zh: typeof en = {
  title: '容器信息',
};
