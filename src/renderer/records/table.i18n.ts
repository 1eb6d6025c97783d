// UI strings of the records tables' layout: the row "more" menu, money cells and the column
// settings (zh-CN and English).
export const key = 'table';

export const en = {
  more: 'More actions',
  total: 'Total',
  columns: 'Columns',
  columnsTitle: 'Columns shown',
  columnUp: 'Move {{name}} up',
  columnDown: 'Move {{name}} down',
  columnsReset: 'Default columns',
};

export const zh: typeof en = {
  more: '更多操作',
  total: '总价',
  columns: '显示的列',
  columnsTitle: '显示的列',
  columnUp: '{{name}}上移',
  columnDown: '{{name}}下移',
  columnsReset: '恢复默认列',
};
