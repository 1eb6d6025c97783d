// The reasons a start fails are the one text the desktop shell shows before any window: both
// languages must say the same thing with the same values, and each failure of the start path words
// itself through the table.
import { describe, expect, it } from 'vitest';
import { NOT_WRITABLE_CODES, START_TEMPLATES, renderStartFailure, startFailureText, type StartFailureKey } from '../../src/shared/start-failure';
import { templateParams } from '../../src/shared/messages';
import { DataDirInUseError } from '../../src/main/data-dir/instance-lock';
import { DataDirNotWritableError, MovedDataMissingError } from '../../src/main/data-dir/resolve';
import { SchemaTooNewError } from '../../src/main/db/migrate';
import { LabDatabaseDamagedError } from '../../src/main/db/damage';
import { PortInUseError } from '../../src/main/http/server';
import { ReferenceBrokenError } from '../../src/main/reference/reference-db';

const CJK = /[\u4e00-\u9fff]/;

describe('start failures in both languages', () => {
  it('every key has a Chinese template with the same params, and every write refusal a Chinese reason', () => {
    expect(Object.keys(START_TEMPLATES['zh-CN']).sort()).toEqual(Object.keys(START_TEMPLATES.en).sort());
    for (const key of Object.keys(START_TEMPLATES.en) as Array<keyof (typeof START_TEMPLATES)['en']>) {
      expect(templateParams(START_TEMPLATES['zh-CN'][key]).sort(), key).toEqual(templateParams(START_TEMPLATES.en[key]).sort());
      expect(START_TEMPLATES['zh-CN'][key], key).toMatch(CJK);
    }
    for (const code of NOT_WRITABLE_CODES) expect(renderStartFailure('zh-CN', 'notWritable', { dir: '/d', code })).toMatch(new RegExp(`：[^（]*${CJK.source}.*（${code}）`));
  });

  it('each error of the start path is worded in Chinese for a Chinese system and keeps its English message', () => {
    const cases: Array<[Error, StartFailureKey, string]> = [
      [new DataDirInUseError('/data', 4242), 'dataDirInUse', '正被另一个 Lab Desktop 进程（pid 4242）使用'],
      [new PortInUseError(47821), 'portInUse', '端口 47821 已被'],
      [new SchemaTooNewError('lab.db', 9, 5), 'schemaTooNew', '数据库版本为 9'],
      [new MovedDataMissingError('/old', '/mnt/usb/lab'), 'movedDataMissing', '已迁移到 /mnt/usb/lab'],
      [new DataDirNotWritableError('/ro', 'EROFS'), 'notWritable', '只读文件系统'],
      [new LabDatabaseDamagedError('/data/lab.db', 'malformed'), 'labDamaged', '/data 中的 lab.db 已损坏（malformed）'],
      [new ReferenceBrokenError(new Error('reference file ghs-hcis.csv, row 7: bad')), 'referenceBroken', '参考数据缺失或损坏（reference file ghs-hcis.csv, row 7: bad）'],
    ];
    for (const [e, key, zh] of cases) {
      expect(startFailureText(e, 'zh-CN').content, key).toContain(zh);
      expect(startFailureText(e, 'en-US')).toEqual({ title: 'Lab Desktop cannot start', content: e.message });
      expect(e.message, key).not.toMatch(CJK);
      expect(e.message, key).not.toContain('{{');
    }
  });

  it('an unexpected error keeps its detail under a sentence in the user language', () => {
    expect(startFailureText(new Error('EIO: i/o error'), 'zh-TW')).toEqual({ title: 'Lab Desktop 无法启动', content: 'Lab Desktop 无法启动：EIO: i/o error' });
    expect(startFailureText('boom', undefined)).toEqual({ title: 'Lab Desktop cannot start', content: 'Lab Desktop could not start: boom' });
  });
});
