// UI strings of the notification centre: the bell, its panel, each kind's sentence and the kinds
// settings (zh-CN and English). A notification arrives as a kind and parameters; these word it.
export const key = 'notifications';

export const en = {
  bell: 'Notifications',
  bellUnread: 'Notifications, {{count}} unread',
  title: 'Notifications',
  markAll: 'Mark all read',
  markRead: 'Mark read',
  empty: 'No notifications.',
  older: 'Show older',
  unread: 'Unread',
  openOrder: 'Open order',
  openItem: 'Open item',
  loadFailed: 'Notifications could not be loaded: {{message}}',
  orderType: { reagent: 'reagent', consumable: 'consumable' },
  text: {
    order_requested: '{{by}} requested the {{orderType}} order “{{name}}”.',
    order_approved: 'Your {{orderType}} order “{{name}}” was approved by {{by}}.',
    order_rejected: 'Your {{orderType}} order “{{name}}” was rejected by {{by}}. Reason: {{reason}}',
    order_arrived: 'Your reagent order “{{name}}” has arrived.',
    order_arrived_consumable: 'Your consumable order “{{name}}” is complete: the goods have arrived.',
    order_stocked_in: 'Your reagent order “{{name}}” was stocked in at {{location}}.',
  },
  settings: {
    title: 'Notifications',
    hint: 'What the bell tells you. A kind turned off is not kept for you at all, so it will not show up later either.',
    saved: 'Notification settings saved',
    saveFailed: 'The notification settings could not be saved: {{message}}',
    kind: {
      order_requested: 'New order requests (administrators)',
      order_approved: 'My order was approved',
      order_rejected: 'My order was rejected (with the reason)',
      order_arrived: 'My order arrived (a consumable order completed)',
      order_stocked_in: 'My reagent order was stocked in',
    },
  },
};

export const zh: typeof en = {
  bell: '通知',
  bellUnread: '通知，{{count}} 条未读',
  title: '通知',
  markAll: '全部标为已读',
  markRead: '标为已读',
  empty: '暂无通知。',
  older: '查看更早的通知',
  unread: '未读',
  openOrder: '查看订单',
  openItem: '查看库存',
  loadFailed: '无法加载通知：{{message}}',
  orderType: { reagent: '试剂', consumable: '耗材' },
  text: {
    order_requested: '{{by}} 提交了{{orderType}}订单“{{name}}”，等待审批。',
    order_approved: '你的{{orderType}}订单“{{name}}”已由 {{by}} 批准。',
    order_rejected: '你的{{orderType}}订单“{{name}}”被 {{by}} 驳回。原因：{{reason}}',
    order_arrived: '你的试剂订单“{{name}}”已到货。',
    order_arrived_consumable: '你的耗材订单“{{name}}”已完成，货品已到。',
    order_stocked_in: '你的试剂订单“{{name}}”已入库，存放于 {{location}}。',
  },
  settings: {
    title: '通知',
    hint: '选择铃铛提醒你哪些事。关闭的类型完全不会为你保存，之后也不会出现。',
    saved: '通知设置已保存',
    saveFailed: '无法保存通知设置：{{message}}',
    kind: {
      order_requested: '新的订单申请（管理员）',
      order_approved: '我的订单已批准',
      order_rejected: '我的订单被驳回（附原因）',
      order_arrived: '我的订单已到货（耗材订单已完成）',
      order_stocked_in: '我的试剂订单已入库',
    },
  },
};
