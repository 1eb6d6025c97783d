// One category's CAS list on the controlled screen: the entries (searchable by CAS or name), add
// one CAS, remove one, import a CSV/XLSX file (CAS + name; what was added, already listed or
// refused, with each refused row and why) and export the list in the same two columns.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Input, Space, Table, Typography, type FormInstance } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import type { ControlledCategory, ControlledEntry, ControlledImportResult } from '../../shared/controlled';
import { normalizeSearchTerm } from '../../shared/normalize';
import { applyFieldErrors } from '../app/form-errors';
import { useBusyAction } from '../app/use-busy-action';
import { downloadFile, exportLanguage } from '../records/export-download';
import { reloadControlled } from './use-controlled';
import { MAX_LIST_FILE_BYTES } from '../../shared/contract/controlled';
import { msg, type MessageKey } from '../../shared/messages';
import { translateMessage } from '../i18n/translate';
import { FilePickButton, SPREADSHEET_FILES } from '../app/FilePickButton';
import { toBase64 } from '../app/base64';


/** What an imported list file did: added, already listed, refused (each refused row and why). */
function ImportOutcome({ result, onClose }: { result: ControlledImportResult; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type={result.refused ? 'warning' : 'success'}
      showIcon
      closable
      onClose={onClose}
      data-testid="controlled-import-result"
      message={t('controlled.importResult', { added: result.added, already: result.already, refused: result.refused })}
      description={
        result.errors.length > 0 && (
          <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="controlled-import-errors">
            {result.errors.map((e) => (
              <li key={e.row}>{t('controlled.rowError', { row: e.row, value: e.value, reason: translateMessage(msg(e.key as MessageKey, e.params)) })}</li>
            ))}
          </ul>
        )
      }
    />
  );
}

/** One CAS (and its name) added by hand. */
function AddCas({ form, onAdd }: { form: FormInstance<CasInput>; onAdd: (v: CasInput) => void }) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="inline" onFinish={onAdd} initialValues={{ cas: '', name: '' }}>
      <Form.Item name="cas" rules={[{ required: true, message: t('controlled.casRequired') }]}>
        <Input placeholder={t('controlled.cas')} style={{ width: 150 }} data-testid="controlled-cas" />
      </Form.Item>
      <Form.Item name="name">
        <Input placeholder={t('controlled.entryName')} style={{ width: 180 }} />
      </Form.Item>
      <Button htmlType="submit" data-testid="controlled-add-cas">{t('controlled.addCas')}</Button>
    </Form>
  );
}

type CasInput = { cas: string; name?: string };

export function ListEntries({ category, title }: { category: ControlledCategory; title: string }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [entries, setEntries] = useState<ControlledEntry[]>([]);
  const [search, setSearch] = useState('');
  const [result, setResult] = useState<ControlledImportResult | null>(null);
  const [form] = Form.useForm<CasInput>();
  const reload = useCallback(() => call('listControlledEntries', { category_id: category.id }).then(setEntries, (e: Error) => message.error(e.message)), [category.id, message]);
  useEffect(() => void reload(), [reload, category.count]);

  const shown = useMemo(() => {
    const q = normalizeSearchTerm(search);
    return q ? entries.filter((e) => normalizeSearchTerm(`${e.cas} ${e.name}`).includes(q)) : entries;
  }, [entries, search]);

  const changed = async () => {
    await Promise.all([reload(), reloadControlled()]);
  };
  const add = async (v: CasInput) => {
    try {
      await call('addControlledCas', { id: category.id, cas: v.cas, ...(v.name ? { name: v.name } : {}) });
      form.resetFields();
      message.success(t('records.done'));
      await changed();
    } catch (e) {
      if (!applyFieldErrors(form, e)) message.error((e as Error).message);
    }
  };
  const remove = async (e: ControlledEntry) => {
    try {
      await call('removeControlledCas', { id: category.id, cas: e.cas });
      await changed();
    } catch (err) {
      message.error((err as Error).message);
    }
  };
  const [busy, importChecked] = useBusyAction(async (file: File) => {
    setResult(null);
    try {
      const content = toBase64(new Uint8Array(await file.arrayBuffer()));
      setResult(await call('importControlledList', { id: category.id, fileName: file.name, content }));
      await changed();
    } catch (e) {
      message.error((e as Error).message);
    }
  });
  const importFile = (file: File) => {
    if (file.size > MAX_LIST_FILE_BYTES) message.error(t('controlled.fileTooLarge', { mb: (MAX_LIST_FILE_BYTES / 1_000_000).toFixed(1) }));
    else void importChecked(file);
  };
  const exportAs = async (format: 'csv' | 'xlsx') => {
    try {
      const r = await downloadFile('exportControlledList', { id: category.id, format, lang: exportLanguage(i18n.language) }, `controlled-${category.id}.${format}`);
      message.success(r.savedTo ? t('stock.savedTo', { path: r.savedTo }) : t('stock.exported', { rows: r.rows }));
    } catch (e) {
      message.error((e as Error).message);
    }
  };

  return (
    <Card size="small" title={t('controlled.listOf', { name: title })} data-testid="controlled-entries">
      <Space direction="vertical" style={{ width: '100%' }}>
        <AddCas form={form} onAdd={(v) => void add(v)} />
        <Space wrap>
          <FilePickButton label={t('controlled.importLabel')} accept={SPREADSHEET_FILES} disabled={busy} testId="controlled-import-file" onFile={importFile} />
          <Button size="small" onClick={() => void exportAs('csv')} data-testid="controlled-export-csv">{t('stock.exportCsv')}</Button>
          <Button size="small" onClick={() => void exportAs('xlsx')}>{t('stock.exportXlsx')}</Button>
        </Space>
        <Typography.Text type="secondary">{t('controlled.importHint')}</Typography.Text>
        {busy && <Typography.Text>{t('controlled.importing')}</Typography.Text>}
        {result && <ImportOutcome result={result} onClose={() => setResult(null)} />}
        <Input.Search allowClear placeholder={t('controlled.search')} value={search} onChange={(e) => setSearch(e.target.value)} style={{ maxWidth: 320 }} data-testid="controlled-search" />
        <Table<ControlledEntry>
          size="small"
          rowKey="cas"
          dataSource={shown}
          pagination={{ pageSize: 20, showSizeChanger: false }}
          locale={{ emptyText: t('controlled.emptyList') }}
          columns={[
            { key: 'cas', title: t('controlled.cas'), dataIndex: 'cas', width: 140 },
            { key: 'name', title: t('controlled.entryName'), dataIndex: 'name' },
            { key: 'actions', width: 90, render: (_v, e) => <Button size="small" type="link" danger onClick={() => void remove(e)}>{t('controlled.remove')}</Button> },
          ]}
        />
      </Space>
    </Card>
  );
}
