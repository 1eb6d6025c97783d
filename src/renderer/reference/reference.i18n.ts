// UI strings of the data sources and licences screen (Settings → About): the shipped reference
// files, where each came from, its edition, row count and terms (zh-CN and English). The files'
// own descriptions come from the shipped manifest in both languages.
export const key = 'reference';

export const en = {
  open: 'Data sources and licences',
  title: 'Data sources and licences',
  intro:
    'The app ships these reference lists and reads them offline. A chemical that none of them lists has no reference data here; that does not mean it is not hazardous.',
  back: 'Back to settings',
  version: 'Reference data version {{version}}',
  file: 'File',
  edition: 'Edition',
  rows: 'Rows',
  source: 'Source',
  terms: 'Terms',
  attributionTitle: 'Attribution',
  attribution: 'GHS classifications: Safe Work Australia HCIS, CC BY 4.0. The data was reformatted for this app (re-laid out and indexed by CAS number). Safe Work Australia does not endorse this app.',
  loadFailed: 'The data sources could not be loaded: {{message}}',
};

export const zh: typeof en = {
  open: '数据来源与许可',
  title: '数据来源与许可',
  intro: '本应用随附以下参考名录，离线读取。未列入任何名录的化学品在此没有参考数据，但这不代表它没有危险性。',
  back: '返回设置',
  version: '参考数据版本 {{version}}',
  file: '文件',
  edition: '版本',
  rows: '行数',
  source: '来源',
  terms: '许可条款',
  attributionTitle: '署名',
  attribution: 'GHS分类数据来自 Safe Work Australia HCIS, CC BY 4.0。本应用对数据格式作了调整（重新排版，按CAS号建立索引）。Safe Work Australia 并不认可或推荐本应用。',
  loadFailed: '无法读取数据来源（{{message}}）',
};
