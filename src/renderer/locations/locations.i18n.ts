// UI strings of the location tree (browse beside the inventory, manage as admin) (zh-CN and English).
export const key = 'locations';

export const en = {
  title: 'Locations',
};

export const zh: typeof en = {
  title: '存放位置',
};
