// UI strings of the records tables' layout: the row "more" menu and money cells (zh-CN and English).
export const key = 'table';

export const en = {
  more: 'More actions',
  total: 'Total',
};

export const zh: typeof en = {
  more: '更多操作',
  total: '总价',
};
