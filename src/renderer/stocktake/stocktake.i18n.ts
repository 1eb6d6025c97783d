// UI strings of the stocktakes of a location subtree: start, scan or tick, count, close with adjustments, report (zh-CN and English).
export const key = 'stocktake';

export const en = {
  nav: 'Stocktake',
};

export const zh: typeof en = {
  nav: '盘点',
};
