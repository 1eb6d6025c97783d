// UI strings of the export download (zh-CN and English): progress while the file is written and,
// on the desktop, where it was saved.
export const key = 'exportFile';

export const en = {
  working: 'Exporting…',
  saved: 'Exported {{rows}} rows to {{path}}',
};

export const zh: typeof en = {
  working: '正在导出…',
  saved: '已导出 {{rows}} 行到 {{path}}',
};
