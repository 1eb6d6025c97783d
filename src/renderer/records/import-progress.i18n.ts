// UI strings of the bulk import's progress (zh-CN and English): reading the file, writing the rows.
export const key = 'importProgress';

export const en = {
  reading: 'Reading and checking rows… {{rows}} so far',
  writing: 'Writing rows… {{rows}} of {{total}}',
};

export const zh: typeof en = {
  reading: '正在读取并检查各行… 已读 {{rows}} 行',
  writing: '正在写入… {{rows}} / {{total}} 行',
};
