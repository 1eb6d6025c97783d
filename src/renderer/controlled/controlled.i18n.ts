// UI strings of the admin's controlled lists: categories and their CAS numbers, import and export, the controlled ledger (zh-CN and English).
export const key = 'controlled';

export const en = {
  nav: 'Controlled chemicals',
};

export const zh: typeof en = {
  nav: '管控化学品',
};
