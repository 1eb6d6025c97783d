// What a restore would bring back (source, versions, row counts, warnings) and its explicit
// confirmation; a warning must be accepted before the restore can start.
import { Alert, Button, Checkbox, Descriptions, Modal, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTime as when } from '../app/format';
import type { RestorePreview } from '../../shared/contract/data';
import { translateMessage } from '../i18n/translate';

const COUNTED = ['users', 'inventory_items', 'reagent_orders', 'consumable_orders', 'audit_log'];

type Props = {
  preview: RestorePreview | null;
  restoring: boolean;
  accept: boolean;
  onAccept: (accept: boolean) => void;
  onCancel: () => void;
  onRestore: () => void;
};

function PreviewFacts({ preview }: { preview: RestorePreview }) {
  const { t } = useTranslation();
  return (
    <Descriptions
      column={1}
      size="small"
      items={[
        { key: 'src', label: t('data.source'), children: `${preview.source} (${t(`data.sourceKind.${preview.sourceKind}`)})` },
        ...(preview.createdAt ? [{ key: 'at', label: t('data.createdAt'), children: when(preview.createdAt) }] : []),
        ...(preview.appVersion ? [{ key: 'v', label: t('data.appVersion'), children: preview.appVersion }] : []),
        { key: 'schema', label: t('data.schema'), children: `lab ${preview.schema.lab} · completion ${preview.schema.completion}` },
        ...COUNTED.filter((k) => k in preview.counts).map((k) => ({ key: k, label: t(`data.table.${k}`), children: <span data-testid={`count-${k}`}>{preview.counts[k]}</span> })),
      ]}
    />
  );
}

export function RestorePreviewModal({ preview, restoring, accept, onAccept, onCancel, onRestore }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={!!preview}
      title={t('data.previewTitle')}
      onCancel={onCancel}
      width={640}
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={restoring}>
          {t('data.cancel')}
        </Button>,
        <Button key="ok" danger type="primary" loading={restoring} disabled={!!preview?.warnings.length && !accept} onClick={onRestore}>
          {t('data.confirmRestore')}
        </Button>,
      ]}
    >
      {preview && (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="restore-preview">
          <PreviewFacts preview={preview} />
          {preview.needsUpgrade && <Alert type="info" showIcon message={t('data.upgrade')} />}
          {preview.warnings.map((w) => (
            <Alert key={w.message} type="warning" showIcon message={translateMessage(w)} />
          ))}
          {preview.warnings.length > 0 && (
            <Checkbox checked={accept} onChange={(e) => onAccept(e.target.checked)}>
              {t('data.acceptWarnings')}
            </Checkbox>
          )}
          <Alert type="error" showIcon message={t('data.replaceNote')} />
        </Space>
      )}
    </Modal>
  );
}
