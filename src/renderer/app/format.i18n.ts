// Words of app/format.ts: yes/no wherever a boolean is shown.
export const key = 'format';

export const en = { yes: 'Yes', no: 'No' };

export const zh: typeof en = { yes: '是', no: '否' };
