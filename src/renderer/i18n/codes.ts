// Words for the codes a message carries as params (shared/messages.ts CODE_PARAMS): statuses,
// actions, record kinds, job kinds, field names, enum values, value types, CAS reasons, and the
// maintenance worker's states. A code with no word here is shown as it is.
import type { CodeTable } from '../../shared/messages';
import { en as recordsEn, zh as recordsZh } from '../records/records.i18n';

type Codes = Record<CodeTable | 'worker', Record<string, string>>;

const { all: _allEn, ...statusEn } = recordsEn.status;
const { all: _allZh, ...statusZh } = recordsZh.status;
const { all: _fieldAllEn, ...fieldEn } = recordsEn.field;
const { all: _fieldAllZh, ...fieldZh } = recordsZh.field;

export const enCodes: Codes = {
  status: statusEn,
  action: { borrow: 'borrow', return: 'return', consume: 'consume', dispose: 'dispose', approve: 'approve', reject: 'reject', arrive: 'mark arrived', stock_in: 'stock in', complete: 'complete', edit: 'edit', delete: 'delete' },
  kind: { inventory_item: 'inventory item', reagent_order: 'reagent order', consumable_order: 'consumable order', reagent: 'reagent', consumable: 'consumable' },
  job: { backup: 'backup', restore: 'restore', move: 'move', data: 'data' },
  field: {
    ...fieldEn,
    body: 'request body',
    file: 'file',
    mapping: 'column mapping',
    rows: 'rows',
    username: 'username',
    password: 'password',
    displayName: 'display name',
    role: 'role',
    active: 'active',
    source: 'backup',
    target: 'new location',
    outDir: 'backup folder',
    keep: 'backups to keep',
    port: 'port',
  },
  value: { all: 'all fields', ...fieldEn, ...statusEn, admin: 'administrator', member: 'member', public: 'public account' },
  type: { string: 'text', number: 'a number', boolean: 'true or false', array: 'a list', object: 'an object' },
  casReason: { form: 'not in the form NNNNNNN-NN-N', leading_zero: 'leading zero', length: 'wrong length' },
  worker: { starting: 'starting', running: 'running', restarting: 'restarting', stopped: 'stopped' },
};

export const zhCodes: Codes = {
  status: statusZh,
  action: { borrow: '借出', return: '归还', consume: '用完', dispose: '处置', approve: '批准', reject: '驳回', arrive: '标记到货', stock_in: '入库', complete: '完成', edit: '修改', delete: '删除' },
  kind: { inventory_item: '库存物品', reagent_order: '试剂订单', consumable_order: '耗材订单', reagent: '试剂', consumable: '耗材' },
  job: { backup: '备份', restore: '恢复', move: '迁移', data: '数据' },
  field: {
    ...fieldZh,
    body: '请求内容',
    file: '文件',
    mapping: '列对应',
    rows: '行',
    username: '用户名',
    password: '密码',
    displayName: '显示名称',
    role: '角色',
    active: '启用',
    source: '备份',
    target: '新位置',
    outDir: '备份文件夹',
    keep: '保留的备份数',
    port: '端口',
  },
  value: { all: '全部字段', ...fieldZh, ...statusZh, admin: '管理员', member: '成员', public: '公共账户' },
  type: { string: '文本', number: '数字', boolean: '“是”或“否”', array: '列表', object: '对象' },
  casReason: { form: '格式不是 NNNNNNN-NN-N', leading_zero: '以 0 开头', length: '长度不对' },
  worker: { starting: '正在启动', running: '运行中', restarting: '正在重启', stopped: '已停止' },
};
