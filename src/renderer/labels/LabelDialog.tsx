// "Print label": pick the size (remembered), see a preview of the labels as they print, then Print
// (the print page, which prints at once) or Download PDF (the same labels from the API).
import { useEffect, useState } from 'react';
import { App, Button, Modal, Radio, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { call } from '../api/client';
import { LABEL_GEOMETRY, LABEL_SIZES, MAX_LABELS, type LabelContent, type LabelSize } from '../../shared/labels';
import { exportLanguage } from '../records/export-download';
import { LabelView } from './LabelView';
import { downloadLabelsPdf, labelPrintPath, lastLabelSize, rememberLabelSize } from './label-print';
import { useBusyAction } from '../app/use-busy-action';

const PREVIEW = 3;

export function LabelDialog({ ids, onClose }: { ids: number[] | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [size, setSize] = useState<LabelSize>(lastLabelSize);
  const [preview, setPreview] = useState<LabelContent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lang = exportLanguage(i18n.language);
  const list = ids ?? [];
  const tooMany = list.length > MAX_LABELS;
  const key = list.slice(0, PREVIEW).join(',');

  useEffect(() => {
    setPreview(null);
    setError(null);
    if (!key) return;
    call('labelContents', { ids: key, lang }).then(setPreview, (e: Error) => setError(e.message));
  }, [key, lang]);

  const choose = (s: LabelSize) => {
    setSize(s);
    rememberLabelSize(s);
  };
  const [busy, download] = useBusyAction(async () => {
    try {
      const r = await downloadLabelsPdf(list, size, lang);
      void message.success(r.savedTo ? t('labels.savedTo', { path: r.savedTo }) : t('labels.downloaded'));
    } catch (e) {
      void message.error((e as Error).message);
    }
  });
  const g = LABEL_GEOMETRY[size];

  return (
    <Modal
      open={ids !== null}
      title={list.length > 1 ? t('labels.dialogTitleMany', { count: list.length }) : t('labels.dialogTitle')}
      onCancel={onClose}
      destroyOnHidden
      width={560}
      footer={
        <Space>
          <Button onClick={() => void download()} loading={busy} disabled={tooMany} data-testid="label-download">
            {t('labels.downloadPdf')}
          </Button>
          <Button type="primary" disabled={tooMany} onClick={() => (onClose(), navigate(labelPrintPath(list, size, true)))} data-testid="label-print">
            {t('labels.print')}
          </Button>
        </Space>
      }
    >
      <Space direction="vertical" style={{ width: '100%' }} data-testid="label-dialog">
        <Typography.Text strong>{t('labels.size')}</Typography.Text>
        <Radio.Group value={size} onChange={(e) => choose(e.target.value as LabelSize)} data-testid="label-size">
          <Space direction="vertical">
            {LABEL_SIZES.map((s) => (
              <Radio key={s} value={s}>
                {t(`labels.sizes.${s}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
        {tooMany && <Typography.Text type="danger">{t('labels.tooMany', { max: MAX_LABELS })}</Typography.Text>}
        <Typography.Text strong>{t('labels.preview')}</Typography.Text>
        {error && <Typography.Text type="danger">{error}</Typography.Text>}
        <Space wrap data-testid="label-preview">
          {preview?.map((c) => (
            <div key={c.id} style={{ boxShadow: '0 0 0 1px #d9d9d9' }}>
              <LabelView content={c} geometry={g} lang={lang} />
            </div>
          ))}
        </Space>
        {list.length > PREVIEW && <Typography.Text type="secondary">{t('labels.previewMore', { count: list.length - PREVIEW })}</Typography.Text>}
      </Space>
    </Modal>
  );
}
