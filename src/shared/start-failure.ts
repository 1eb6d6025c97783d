// Why the app could not start, in both languages. The desktop shell shows it in an error box before
// any window exists — the renderer, which words every other message, is not there yet — so this is
// the one place outside the renderer that holds Chinese sentences. The English text is also the
// error's `message` (logs, browser-mode console, tests).

export type StartLanguage = 'zh-CN' | 'en';

const TEMPLATES = {
  en: {
    title: 'Lab Desktop cannot start',
    dataDirInUse: 'The data directory {{dir}} is already in use by another Lab Desktop process (pid {{pid}}). Close that process first, or choose another data directory.',
    portInUse: "Port {{port}} on 127.0.0.1 is already in use by another program (or another Lab Desktop). Stop that program, or choose another port (Settings → Port, or --port); the browser extension's system URL must use the same port.",
    schemaTooNew: '{{file}} has schema version {{found}}, newer than this app supports ({{supported}}). Install a newer version of the app.',
    movedDataMissing: 'The lab data was moved to {{to}}, which is not available now (is the disk or network share connected?). Connect it and start again. To go back to the data as it was before the move instead, delete {{pointer}}.',
    notWritable: 'The data directory {{dir}} cannot be written: {{reason}} ({{code}}). Lab Desktop keeps all its data there and must be able to write to it. Make the folder writable, or start Lab Desktop with another data directory (--data-dir or LAB_DATA_DIR).',
    labDamaged:
      '{{name}} in {{dir}} is damaged ({{detail}}); Lab Desktop cannot start on it and has left it as it is. Restore the newest good backup (they are in {{backups}}): Settings → Data → Restore, or with the app stopped npm run restore -- --data-dir "{{dir}}" --from <backup>.',
    preMigrationBackup: 'The automatic backup before the database upgrade failed, so the upgrade did not run and your data is unchanged. {{detail}}',
    referenceBroken: 'The reference data installed with Lab Desktop is missing or broken ({{detail}}). Install the app again.',
    other: 'Lab Desktop could not start: {{detail}}',
  },
  'zh-CN': {
    title: 'Lab Desktop 无法启动',
    dataDirInUse: '数据目录 {{dir}} 正被另一个 Lab Desktop 进程（pid {{pid}}）使用。请先关闭那个进程，或选择其他数据目录。',
    portInUse: '127.0.0.1 上的端口 {{port}} 已被其他程序（或另一个 Lab Desktop）占用。请停止该程序，或换一个端口（设置 → 端口，或 --port）；浏览器扩展的系统地址必须使用同一端口。',
    schemaTooNew: '{{file}} 的数据库版本为 {{found}}，比本应用支持的版本（{{supported}}）新。请安装更新版本的应用。',
    movedDataMissing: '实验室数据已迁移到 {{to}}，但该位置现在不可用（磁盘或网络共享是否已连接？）。请连接后重新启动。如要改回迁移前的数据，请删除 {{pointer}}。',
    notWritable: '无法写入数据目录 {{dir}}：{{reason}}（{{code}}）。Lab Desktop 的所有数据都保存在那里，必须能够写入。请让该文件夹可写，或用其他数据目录启动 Lab Desktop（--data-dir 或 LAB_DATA_DIR）。',
    labDamaged:
      '{{dir}} 中的 {{name}} 已损坏（{{detail}}）；Lab Desktop 无法在其上启动，已保持原样不动。请恢复最新的完好备份（在 {{backups}} 中）：设置 → 数据 → 恢复，或在应用停止时运行 npm run restore -- --data-dir "{{dir}}" --from <备份>。',
    preMigrationBackup: '数据库升级前的自动备份失败，因此没有升级，你的数据保持不变。{{detail}}',
    referenceBroken: '随 Lab Desktop 安装的参考数据缺失或损坏（{{detail}}）。请重新安装本应用。',
    other: 'Lab Desktop 无法启动：{{detail}}',
  },
} as const satisfies Record<StartLanguage, Record<string, string>>;

/** Why a data directory cannot be written, by error code. */
const NOT_WRITABLE = {
  en: {
    EROFS: 'it is on a read-only file system (a write-protected disk or a read-only mount)',
    EACCES: 'this user account has no permission to write there',
    EPERM: 'the system does not permit writing there',
    ENOSPC: 'the disk is full',
    EDQUOT: 'the disk quota is used up',
  },
  'zh-CN': {
    EROFS: '它位于只读文件系统上（写保护的磁盘或只读挂载）',
    EACCES: '当前用户账户没有写入权限',
    EPERM: '系统不允许在那里写入',
    ENOSPC: '磁盘已满',
    EDQUOT: '磁盘配额已用完',
  },
} as const satisfies Record<StartLanguage, Record<string, string>>;

export type StartFailureKey = Exclude<keyof (typeof TEMPLATES)['en'], 'title'>;
export type StartParams = Record<string, string | number>;
export const NOT_WRITABLE_CODES = Object.keys(NOT_WRITABLE.en);

/** An error that explains a failed start: its key and params, worded in either language. */
export interface StartFailure {
  readonly startKey: StartFailureKey;
  readonly startParams: StartParams;
}

export function isStartFailure(e: unknown): e is Error & StartFailure {
  const key = (e as Partial<StartFailure> | null)?.startKey;
  return e instanceof Error && typeof key === 'string' && Object.hasOwn(TEMPLATES.en, key);
}

export function startLanguage(locale: string | undefined): StartLanguage {
  return (locale ?? '').toLowerCase().startsWith('zh') ? 'zh-CN' : 'en';
}

export function renderStartFailure(lang: StartLanguage, key: StartFailureKey, params: StartParams): string {
  const words = { ...params };
  if (key === 'notWritable') words.reason = (NOT_WRITABLE[lang] as Record<string, string>)[String(params.code)] ?? String(params.code);
  return TEMPLATES[lang][key].replace(/\{\{(\w+)\}\}/g, (whole, name: string) => (Object.hasOwn(words, name) ? String(words[name]) : whole));
}

/** The error box of a failed start: a known failure in the user's language, anything else with its English detail. */
export function startFailureText(e: unknown, locale: string | undefined): { title: string; content: string } {
  const lang = startLanguage(locale);
  const content = isStartFailure(e)
    ? renderStartFailure(lang, e.startKey, e.startParams)
    : renderStartFailure(lang, 'other', { detail: e instanceof Error ? e.message : String(e) });
  return { title: TEMPLATES[lang].title, content };
}

/** Every key and its params, for the test that both languages say the same thing. */
export const START_TEMPLATES = TEMPLATES;

/** Base of the errors that explain a failed start; `message` is the English text. */
export class StartFailureError extends Error implements StartFailure {
  constructor(
    readonly startKey: StartFailureKey,
    readonly startParams: StartParams,
    options?: ErrorOptions,
  ) {
    super(renderStartFailure('en', startKey, startParams), options);
  }
}
