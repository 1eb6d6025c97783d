// Import a newer edition of one reference list (admin): choose the CSV and name the edition in both
// languages, then see what switching would change (the active and the new edition, rows, the CAS
// numbers added and removed with their names) before 切换到新版本 / 取消. Reverting to the shipped
// edition shows the same preview. Nothing changes until the switch; 取消 drops the pending preview.
import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Modal, Space, Typography } from 'antd';
import { Form } from '../app/Form';
import { useTranslation } from 'react-i18next';
import { EDITION_COLUMNS, type EditionCas, type EditionList, type EditionPreview, type ReferenceSourceFile } from '../../shared/reference';
import { call } from '../api/client';
import { toBase64 } from '../app/base64';
import { FilePickButton } from '../app/FilePickButton';
import { groupDigits } from '../i18n/numbers';
import { referenceLanguage } from './reference-hints';

/** Per call: an HCIS export (3 MB) goes in a few, within the 2 MiB body limit as base64. */
const CHUNK_BYTES = 960 * 1024;
/** CAS numbers shown per side; the count says how many there are. */
const SHOWN = 200;

interface Words {
  listZh: string;
  listEn: string;
  editionZh: string;
  editionEn: string;
  sourceZh?: string;
  sourceEn?: string;
}

function CasList({ items, testId }: { items: EditionCas[]; testId: string }) {
  const { t } = useTranslation();
  if (!items.length) return <Typography.Text type="secondary">{t('reference.editions.none')}</Typography.Text>;
  return (
    <div data-testid={testId} style={{ maxHeight: 180, overflow: 'auto' }}>
      {items.slice(0, SHOWN).map((c) => (
        <div key={c.cas}>
          <code>{c.cas}</code> {c.name}
        </div>
      ))}
      {items.length > SHOWN && <Typography.Text type="secondary">{t('reference.editions.more', { count: items.length - SHOWN })}</Typography.Text>}
    </div>
  );
}

/** The pending preview and its two buttons. */
export function EditionPreviewView({ preview, busy, onSwitch, onCancel }: { preview: EditionPreview; busy: boolean; onSwitch: () => void; onCancel: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = referenceLanguage(i18n.language);
  const name = (e: EditionPreview['from']) => t('reference.editions.named', { list: e[lang].list, edition: e[lang].edition });
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="edition-preview">
      <Descriptions
        column={1}
        size="small"
        items={[
          { key: 'from', label: t('reference.editions.active'), children: <span data-testid="edition-from">{`${name(preview.from)} · ${t('reference.editions.rowsOf', { rows: groupDigits(preview.from.rows) })}`}</span> },
          { key: 'to', label: t('reference.editions.next'), children: <span data-testid="edition-to">{`${name(preview.to)} · ${t('reference.editions.rowsOf', { rows: groupDigits(preview.to.rows) })}`}</span> },
        ]}
      />
      <Typography.Text strong data-testid="edition-added-count">{t('reference.editions.added', { count: preview.added.length })}</Typography.Text>
      <CasList items={preview.added} testId="edition-added" />
      <Typography.Text strong data-testid="edition-removed-count">{t('reference.editions.removed', { count: preview.removed.length })}</Typography.Text>
      <CasList items={preview.removed} testId="edition-removed" />
      <Typography.Text type="secondary">{t('reference.editions.kept', { count: preview.kept })}</Typography.Text>
      <Space>
        <Button type="primary" loading={busy} onClick={onSwitch}>
          {t('reference.editions.switch')}
        </Button>
        <Button disabled={busy} onClick={onCancel}>
          {t('reference.editions.cancel')}
        </Button>
      </Space>
    </Space>
  );
}

/** The import (a file and its words) or the revert of `file`'s list; `onDone` after a switch. */
export function EditionDialog({ file, mode, onClose, onDone }: { file: ReferenceSourceFile & { id: EditionList }; mode: 'import' | 'revert'; onClose: () => void; onDone: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const lang = referenceLanguage(i18n.language);
  const [form] = Form.useForm<Words>();
  const [chosen, setChosen] = useState<File | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [preview, setPreview] = useState<EditionPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // A revert asks for its preview at once.
  useEffect(() => {
    if (mode !== 'revert') return;
    setBusy(true);
    call('previewReferenceRevert', { list: file.id }).then(setPreview, (e: Error) => setError(e.message)).finally(() => setBusy(false));
  }, [mode, file.id]);

  /** The error's sentence, and the rows refused beside the first (a file with several bad CAS numbers). */
  const explain = (e: unknown): string => {
    const rows = ((e as { details?: { problems?: Array<{ params: { row?: number } }> } }).details?.problems ?? []).slice(1).map((p) => p.params.row).filter((r) => r !== undefined);
    return rows.length ? `${(e as Error).message} ${t('reference.editions.problems', { rows: rows.join(', ') })}` : (e as Error).message;
  };

  const runPreview = async (w: Words) => {
    if (!chosen) {
      setError(t('reference.editions.noFile'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      let uploadId: string | undefined;
      for (let off = 0; ; off += CHUNK_BYTES) {
        const last = off + CHUNK_BYTES >= chosen.size;
        const bytes = new Uint8Array(await chosen.slice(off, off + CHUNK_BYTES).arrayBuffer());
        uploadId = (await call('uploadReferenceEdition', { uploadId, chunk: toBase64(bytes), last })).uploadId;
        setPercent(Math.round((Math.min(off + CHUNK_BYTES, chosen.size) / Math.max(chosen.size, 1)) * 100));
        if (last) break;
      }
      const words = (list: string, edition: string, source?: string) => ({ list, edition, ...(source?.trim() ? { source } : {}) });
      setPreview(await call('previewReferenceEdition', { list: file.id, uploadId: uploadId!, zh: words(w.listZh, w.editionZh, w.sourceZh), en: words(w.listEn, w.editionEn, w.sourceEn) }, { timeoutMs: 120_000 }));
    } catch (e) {
      setError(explain(e));
    } finally {
      setPercent(null);
      setBusy(false);
    }
  };

  const close = () => {
    // Dropped so its file is not held until it expires; it may be gone already (no matter).
    if (preview) void call('cancelReferenceEdition', { token: preview.token }).catch(() => undefined);
    onClose();
  };

  const doSwitch = async () => {
    if (!preview) return;
    setBusy(true);
    try {
      const done = await call('switchReferenceEdition', { token: preview.token }, { timeoutMs: 120_000 });
      message.success(t('reference.editions.switched', { list: done.to[lang].list, edition: done.to[lang].edition }));
      onDone();
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  const title = t(mode === 'import' ? 'reference.editions.importTitle' : 'reference.editions.revertTitle', { list: file[lang].list });
  const required = [{ required: true, whitespace: true, message: t('reference.editions.required') }];
  return (
    <Modal open title={title} onCancel={close} footer={null} width={640} destroyOnHidden>
      <Space direction="vertical" style={{ width: '100%' }} data-testid={`edition-dialog-${file.id}`}>
        {error && <Alert type="error" showIcon title={error} data-testid="edition-error" />}
        {preview ? (
          <EditionPreviewView preview={preview} busy={busy} onSwitch={() => void doSwitch()} onCancel={close} />
        ) : mode === 'import' ? (
          <Form
            form={form}
            layout="vertical"
            initialValues={{ listZh: file.zh.list, listEn: file.en.list, editionZh: '', editionEn: '' }}
            onFinish={(w) => void runPreview(w)}
          >
            <Typography.Paragraph type="secondary">{t('reference.editions.fileHint', { columns: EDITION_COLUMNS[file.id].columns.join(', ') })}</Typography.Paragraph>
            <Space style={{ marginBottom: 16 }}>
              <FilePickButton label={t('reference.editions.chooseFile')} accept=".csv" disabled={busy} testId="edition-file" onFile={setChosen} />
              {chosen && <Typography.Text>{t('reference.editions.chosen', { name: chosen.name })}</Typography.Text>}
            </Space>
            {(['listZh', 'listEn', 'editionZh', 'editionEn'] as const).map((name) => (
              <Form.Item key={name} name={name} label={t(`reference.editions.${name}`)} rules={required}>
                <Input maxLength={200} />
              </Form.Item>
            ))}
            <Form.Item name="sourceZh" label={t('reference.editions.sourceZh')}>
              <Input.TextArea maxLength={1000} autoSize={{ minRows: 1, maxRows: 3 }} />
            </Form.Item>
            <Form.Item name="sourceEn" label={t('reference.editions.sourceEn')}>
              <Input.TextArea maxLength={1000} autoSize={{ minRows: 1, maxRows: 3 }} />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={busy}>
                {percent === null ? t('reference.editions.preview') : t('reference.editions.uploading', { percent })}
              </Button>
              <Button disabled={busy} onClick={close}>
                {t('reference.editions.cancel')}
              </Button>
            </Space>
          </Form>
        ) : null}
      </Space>
    </Modal>
  );
}
