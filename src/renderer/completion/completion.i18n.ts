// UI strings of inline search completion (ghost text, Settings switch), in both languages.
export const key = 'completion';

export const en = {
  announce: 'Suggestion: {{completion}}. Press Tab to accept, Escape to hide.',
  hidden: 'Suggestion hidden.',
  accepted: 'Accepted: {{completion}}.',
  settingsTitle: 'Search suggestions',
  personalized: 'Personalized suggestions',
  personalizedHint: 'When on, your own searches shape the grey suggestions in list search boxes. The lab-wide search memory is used either way.',
  saved: 'Saved.',
  loadFailed: 'Could not load the suggestion setting: {{message}}',
  saveFailed: 'Could not save the suggestion setting: {{message}}',
};

export const zh = {
  announce: '建议：{{completion}}。按 Tab 接受，按 Esc 隐藏。',
  hidden: '已隐藏建议。',
  accepted: '已接受：{{completion}}。',
  settingsTitle: '搜索建议',
  personalized: '个性化建议',
  personalizedHint: '开启后，列表搜索框中的灰色建议会参考您本人的搜索记录；全实验室的搜索记录始终会被使用。',
  saved: '已保存。',
  loadFailed: '无法读取建议设置：{{message}}',
  saveFailed: '无法保存建议设置：{{message}}',
};
