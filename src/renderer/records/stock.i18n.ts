// UI strings of the stock actions and the ledger (use, borrow, return, dispose, adjust, move, split; movements) (zh-CN and English).
export const key = 'stock';

export const en = {
  title: 'Stock ledger',
};

export const zh: typeof en = {
  title: '台账',
};
