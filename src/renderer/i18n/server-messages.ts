// The service answers in English (one contract, logs and tests read it); a Simplified Chinese UI
// shows its errors in Chinese. Each rule is one English message of the service with `{n}` where
// the message carries a value, and its Chinese text. Values the service puts in (an action, an
// order type) are translated when known, else kept. A message no rule matches is shown as sent.
// test/foundation/server-messages.test.ts checks that every literal message of src/main has a rule.

import { zh as recordsZh } from '../records/records.i18n';

type Rule = readonly [en: string, zh: string];

export const MESSAGE_RULES: readonly Rule[] = [
  // sessions, users, access
  ['Please log in.', '请先登录。'],
  ['Wrong username or password.', '用户名或密码错误。'],
  ['This account has been deactivated. Ask a lab administrator.', '此账户已被停用。请联系实验室管理员。'],
  ['The public account can browse but not change anything. Log in with your own account.', '公共账户只能浏览，不能修改。请用自己的账户登录。'],
  ['Only a lab administrator can do this.', '只有实验室管理员可以执行此操作。'],
  ['The lab is already set up: an administrator exists. Log in instead.', '实验室已完成初始设置（已有管理员）。请直接登录。'],
  ['The username "{0}" is already taken.', '用户名“{0}”已被占用。'],
  ['User {0} does not exist.', '用户 {0} 不存在。'],
  ['You cannot deactivate or demote your own account.', '不能停用或降级自己的账户。'],
  ['Unknown operation "{0}".', '未知操作“{0}”。'],
  ['The event stream is served over HTTP only.', '事件流只通过 HTTP 提供。'],
  // input
  ['Invalid input: {0} — {1}', '输入有误：{0} — {1}'],
  ['"{0}" is not a CAS number ({1}).', '“{0}”不是有效的 CAS 号（{1}）。'],
  ['field must be one of {0}', '搜索字段必须是以下之一：{0}'],
  ['status must be one of {0}', '状态必须是以下之一：{0}'],
  ['sort is not a sortable column', '该列不能排序'],
  // records
  ['Inventory item {0} does not exist.', '库存物品 {0} 不存在。'],
  ['Inventory item {0} was borrowed by {1}; only they or an administrator can return it.', '库存物品 {0} 由 {1} 借出；只有借用人或管理员可以归还。'],
  ['Reagent order {0} does not exist.', '试剂订单 {0} 不存在。'],
  ['Consumable order {0} does not exist.', '耗材订单 {0} 不存在。'],
  ['Only {0} (who ordered it) or an administrator can {1} reagent order {2}.', '只有下单人 {0} 或管理员可以{1}试剂订单 {2}。'],
  ['Only {0} (who ordered it) or an administrator can {1} consumable order {2}.', '只有下单人 {0} 或管理员可以{1}耗材订单 {2}。'],
  ['No {0} {1}.', '{0} {1} 不存在。'],
  ['No inventory item {0}.', '库存物品 {0} 不存在。'],
  ['No reagent order {0}.', '试剂订单 {0} 不存在。'],
  ['No consumable order {0}.', '耗材订单 {0} 不存在。'],
  ['Cannot {0} {1}: its status is "{2}" (needs {3}).', '无法{0}{1}：当前状态是“{2}”（需要{3}）。'],
  ['Cannot {0} {1}: its status is "{2}" (only {3}).', '无法{0}{1}：当前状态是“{2}”（只能是{3}）。'],
  ['The list has {0} rows; narrow it down to at most {1} to export.', '列表有 {0} 行；请筛选到最多 {1} 行后再导出。'],
  // bulk import
  ['The file is empty.', '文件是空的。'],
  ['The file has {0} rows; at most {1} can be imported at once.', '文件有 {0} 行；一次最多导入 {1} 行。'],
  ['The file is not a readable XLSX workbook ({0}).', '文件不是可读取的 XLSX 工作簿（{0}）。'],
  ['The workbook has no worksheet.', '工作簿中没有工作表。'],
  ['The CSV file is malformed near row {0}: {1}.', 'CSV 文件第 {0} 行附近格式有误：{1}。'],
  ['Only .csv, .tsv and .xlsx files can be imported.', '只能导入 .csv、.tsv 和 .xlsx 文件。'],
  ['Map a column of the file to "name" first.', '请先把文件的一列对应到“名称”。'],
  ['Map a column of the file to "quantity" first.', '请先把文件的一列对应到“数量”。'],
  ['Column {0} mapped to "{1}" does not exist in the file.', '对应到“{1}”的第 {0} 列在文件中不存在。'],
  ['This import has expired or was already imported. Choose the file again.', '此次导入已过期或已经导入。请重新选择文件。'],
  ['This upload is already complete.', '此次上传已经完成。'],
  ['The file is larger than {0} MB.', '文件超过 {0} MB。'],
  ['The file has not been uploaded completely yet.', '文件还没有上传完。'],
  ['This import is already being committed.', '此次导入正在提交中。'],
  ['{0} row(s) have errors; nothing was imported. Fix the file, or choose to import only the {1} valid rows.', '{0} 行有错误，未导入任何数据。请修改文件，或选择只导入 {1} 条有效行。'],
  ['No valid rows to import.', '没有可导入的有效行。'],
  // cart import
  ['The import batch is not valid: {0}', '导入批次无效：{0}'],
  ['batch_id mismatch: the page was opened for "{0}" but the batch is "{1}". Import again from the extension.', '批次编号不一致：页面对应“{0}”，批次却是“{1}”。请从浏览器扩展重新导入。'],
  ['The import batch has expired (older than 2 hours). Import the cart again from the extension.', '导入批次已过期（超过 2 小时）。请从浏览器扩展重新导入购物车。'],
  ['The import batch is dated in the future; check the computer clock.', '导入批次的时间晚于现在；请检查电脑时钟。'],
  ['This item was already submitted as {0} order #{1}.', '该商品已提交为{0}订单 #{1}。'],
  ['No import batch is open (it may have expired). Import the cart again from the extension.', '没有打开的导入批次（可能已过期）。请从浏览器扩展重新导入购物车。'],
  ['A newer import batch replaced this one; reload the review screen.', '更新的导入批次已替换此批次；请重新加载核对页面。'],
  ['Item "{0}" is not in the batch.', '商品“{0}”不在此批次中。'],
  // completion, data directory
  ['The lab app is in maintenance mode; settings cannot be changed now.', '应用正在维护模式，暂时不能修改设置。'],
  ['Completion settings are busy. Try again in a moment.', '补全设置正忙，请稍后重试。'],
  ['A {0} job is already running; wait until it has finished.', '已有{0}任务在运行；请等它完成。'],
  ['The search-completion data was damaged; it is being rebuilt from your records. The damaged file was kept in {0}.', '搜索补全数据已损坏，正在根据你的记录重建。损坏的文件保存在 {0}。'],
  ['The disk holding the data directory {0} is full; nothing was saved. Free some space there, then try again.', '数据目录 {0} 所在的磁盘已满，未保存任何内容。请在该磁盘上腾出空间后重试。'],
  ['The data directory was moved to {0}. Restart Lab Desktop.', '数据目录已迁移到 {0}。请重启 Lab Desktop。'],
  ['Restore not started: {0} Confirm to restore anyway.', '未开始恢复：{0} 如仍要恢复，请确认。'],
  ['The file work on {0} did not finish within {1} seconds and was stopped; nothing was changed. The disk may have stopped answering (a network or removable drive?): check it, then try again.', '对 {0} 的文件操作未在 {1} 秒内完成，已被停止；没有做任何更改。该磁盘可能已无响应（网络驱动器或移动磁盘？）：请检查后重试。'],
  // this client's own
  ['The lab app did not answer in time.', '实验室应用没有及时响应。请重试。'],
  ['The lab service did not answer in time.', '实验室服务没有及时响应。请重试。'],
  ['Cannot reach the lab service ({0}).', '无法连接实验室服务（{0}）。请确认应用正在运行。'],
  ['The lab service answered {0}.', '实验室服务返回了 {0}。'],
  // values inside other messages
  ['reagent order {0}', '试剂订单 {0}'],
  ['consumable order {0}', '耗材订单 {0}'],
  ['inventory item {0}', '库存物品 {0}'],
  // per-field messages and the validator's own wording
  ['is required', '必填'],
  ['must be text', '必须是文本'],
  ['must be a number', '必须是数字'],
  ['must be a whole number', '必须是整数'],
  ['must be positive', '必须大于 0'],
  ['must be greater than 0', '必须大于 0'],
  ['must not be negative', '不能为负数'],
  ['is too large', '数值过大'],
  ['must be true or false', '必须是“是”或“否”'],
  ['at most {0} characters', '最多 {0} 个字符'],
  ['Invalid input', '输入有误'],
  ['unknown field', '未知字段'],
  ['no such record', '记录不存在'],
  ['already taken', '已被占用'],
  ['Invalid input: expected {0}, received {1}', '类型不对：应为 {0}，收到的是 {1}'],
  ['Too small: expected string to have >={0} characters', '至少需要 {0} 个字符'],
  ['Too big: expected string to have <={0} characters', '最多 {0} 个字符'],
  ['Too small: expected number to be >={0}', '不能小于 {0}'],
  ['Too small: expected number to be >{0}', '必须大于 {0}'],
  ['Too big: expected number to be <={0}', '不能大于 {0}'],
  ['Too small: expected array to have >={0} items', '至少需要 {0} 项'],
  ['Too big: expected array to have <={0} items', '最多 {0} 项'],
  ['Invalid option: expected one of {0}', '无效的选项：应为 {0} 之一'],
];

/** Values the service puts into its messages. */
const VALUES: Record<string, string> = {
  Reagent: '试剂',
  Consumable: '耗材',
  reagent: '试剂',
  consumable: '耗材',
  approve: '批准',
  reject: '驳回',
  cancel: '取消',
  mark_arrived: '标记到货',
  'mark arrived': '标记到货',
  stock_in: '入库',
  'stock in': '入库',
  complete: '完成',
  borrow: '借出',
  return: '归还',
  dispose: '处置',
  consume: '用完',
  edit: '修改',
  delete: '删除',
  backup: '备份',
  restore: '恢复',
  move: '迁移',
  data: '数据',
};

/** Status codes as the lists show them. */
const STATUS = Object.fromEntries(Object.entries(recordsZh.status).filter(([k]) => k !== 'all')) as Record<string, string>;

/** `"pending_approval" or "approved"` → `“待审批”或“已批准”`. */
function quotedStatuses(v: string): string {
  if (!/^"[a-z_]+"( or "[a-z_]+")*$/.test(v)) return v;
  return v.replace(/"([a-z_]+)"/g, (q, code: string) => (STATUS[code] ? `“${STATUS[code]}”` : q)).replace(/ or /g, '或');
}

// Most specific first: exact messages, then the rule with the most fixed text ("No {0} {1}."
// must not take "No valid rows to import.").
const compiled = MESSAGE_RULES.map(([en, zh]) => {
  const parts = en.split(/\{\d\}/);
  const order = [...en.matchAll(/\{(\d)\}/g)].map((m) => Number(m[1]));
  const escaped = parts.map((p) => p.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'));
  return { re: new RegExp(`^${escaped.join('(.+?)')}$`, 's'), order, zh, fixed: parts.join('').length };
}).sort((a, b) => Number(a.order.length > 0) - Number(b.order.length > 0) || b.fixed - a.fixed);

function translate(message: string, depth: number): string | null {
  for (const { re, order, zh } of compiled) {
    const m = re.exec(message);
    if (!m) continue;
    const values: string[] = [];
    order.forEach((n, i) => (values[n] = m[i + 1]!));
    return zh.replace(/\{(\d)\}/g, (_x, n: string) => {
      const v = values[Number(n)] ?? '';
      return VALUES[v] ?? STATUS[v] ?? (depth < 2 ? translate(v, depth + 1) : null) ?? quotedStatuses(v);
    });
  }
  return null;
}

/** The message in the UI's language; English, and anything unknown, as the service sent it. */
export function localizeServerMessage(message: string, language: string): string {
  if (language !== 'zh-CN') return message;
  return translate(message, 0) ?? message;
}

export function localizeFieldMessages(fields: Record<string, string> | undefined, language: string): Record<string, string> | undefined {
  if (!fields || language !== 'zh-CN') return fields;
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, localizeServerMessage(v, language)]));
}
