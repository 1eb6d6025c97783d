// Bulk inventory import: choose a CSV/XLSX file → it is sent to the main process in chunks (with
// progress) → the server reads and checks every row (progress: rows read) → column mapping,
// preview of the first rows and per-row errors → on confirmation all valid rows are written in one
// transaction (progress: rows written of total; rows with errors only skipped on explicit choice).
// The state and calls are use-import-wizard.ts; the review step is ImportReview.tsx.
import { Alert, Button, Modal, Progress, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FilePickButton, SPREADSHEET_FILES } from '../app/FilePickButton';
import { downloadFile } from './export-download';
import { ImportReview } from './ImportReview';
import { useImportWizard, type ImportWizardState } from './use-import-wizard';

/** A step that waits on the server: its words and a progress bar. */
function Waiting({ text, percent, active }: { text: string; percent: number; active?: boolean }) {
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Text data-testid="import-progress-text">{text}</Typography.Text>
      <Progress percent={percent} status={active ? 'active' : undefined} data-testid="import-progress" />
    </Space>
  );
}

function Choose({ w }: { w: ImportWizardState }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical">
      <Typography.Text>{t('records.import.hint')}</Typography.Text>
      <div>
        <Space>
          <FilePickButton label={t('records.import.chooseFile')} accept={SPREADSHEET_FILES} testId="import-file" onFile={(f) => void w.upload(f)} />
          <Button data-testid="import-template" onClick={() => void downloadFile('importTemplate', {}, 'inventory-import-template.xlsx').catch((e: Error) => w.setError(e.message))}>
            {t('records.import.template')}
          </Button>
        </Space>
      </div>
    </Space>
  );
}

export function ImportWizard({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const w = useImportWizard();
  const { phase, progress, preview, result } = w;
  return (
    <Modal
      open={open}
      title={t('records.import.title')}
      width={1000}
      onCancel={() => {
        if (phase !== 'writing') {
          w.discard();
          onClose();
        }
      }}
      footer={null}
      destroyOnHidden
    >
      <div data-testid="import-wizard">
        {w.error && <Alert type="error" showIcon title={w.error} style={{ marginBottom: 12 }} />}
        {phase === 'choose' && <Choose w={w} />}
        {phase === 'uploading' && <Waiting text={t('records.import.uploading')} percent={w.percent} />}
        {phase === 'reading' && <Waiting text={t('importProgress.reading', { rows: progress?.rows ?? 0 })} percent={progress?.percent ?? 0} active />}
        {phase === 'mapping' && preview && <ImportReview w={w} preview={preview} />}
        {phase === 'writing' && (
          <Waiting
            text={progress?.phase === 'write' ? t('importProgress.writing', { rows: progress.rows, total: progress.total ?? 0 }) : t('records.import.writing', { count: preview?.validRows ?? 0 })}
            percent={progress?.phase === 'write' ? progress.percent : 0}
            active
          />
        )}
        {phase === 'done' && result && (
          <Space direction="vertical">
            <Alert
              type="success"
              showIcon
              title={t('records.import.done', { imported: result.imported, skipped: result.skipped })}
              description={result.added || result.merged ? t('records.import.doneAdded', { added: result.added, items: result.addedTo.length, merged: result.merged }) : undefined}
              data-testid="import-done"
            />
            <Space>
              <Button onClick={w.reset}>{t('records.import.another')}</Button>
              <Button type="primary" onClick={() => (w.reset(), onClose())}>{t('records.done')}</Button>
            </Space>
          </Space>
        )}
      </div>
    </Modal>
  );
}
