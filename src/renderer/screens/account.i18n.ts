// UI strings of the account screens (setup, users): the password rule and the confirmations.
export const key = 'account';

export const en = {
  passwordRule: 'At least {{min}} characters (at most {{max}}); letters, digits, spaces and symbols all count.',
  userAdded: 'User {{name}} ({{username}}) added. They can log in now with the password you set.',
  passwordReset: 'Password of {{name}} ({{username}}) reset. Give them the new password; they log in with it from now on.',
};

export const zh: typeof en = {
  passwordRule: '至少 {{min}} 个字符（最多 {{max}} 个）；字母、数字、空格和符号都算。',
  userAdded: '已添加用户 {{name}}（{{username}}），现在即可用您设置的密码登录。',
  passwordReset: '已重置 {{name}}（{{username}}）的密码。请把新密码告诉对方，此后用它登录。',
};
