// Bulk inventory import: choose a CSV/XLSX file → it is sent to the main process in chunks (with
// progress) → the server reads and checks every row (progress: rows read) → column mapping,
// preview of the first rows and per-row errors → on confirmation all valid rows are written in one
// transaction (progress: rows written of total; rows with errors only skipped on explicit choice).
import { useRef, useState } from 'react';
import { Alert, Button, Checkbox, Collapse, Modal, Radio, Progress, Select, Space, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../api/client';
import { IMPORT_COLUMNS, type ImportColumn, type ImportPreview, type ImportProgress, type ImportResult, type ImportRowError, type ImportSkippedRow, type ImportDuplicate, type ImportDuplicateChoice } from '../../shared/records';
import { translateMessage } from '../i18n/translate';
import { FilePickButton, SPREADSHEET_FILES } from '../app/FilePickButton';
import { downloadFile } from './export-download';
import { ImportLocations, choicesOf, initialDecisions, undecided, type LocationDecisions } from './ImportLocations';

// Under the contract's ~1 MB of file per call (base64 in a 2 MB body); read slice by slice, so a
// big file is never held whole in the page either.
const CHUNK_BYTES = 960 * 1024;
/** How often the wizard asks where a running read or write is. */
const POLL_MS = 300;
/** Reading and writing 100 000 rows takes seconds; a stalled server still ends the wait. */
const LONG_CALL_MS = 10 * 60_000;

function toBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

/** The mapping with `col` taken from file column `idx` (-1: not imported). */
function remapped(mapping: ImportPreview['mapping'], col: ImportColumn, idx: number): ImportPreview['mapping'] {
  const next = { ...mapping };
  if (idx < 0) delete next[col];
  else next[col] = idx;
  return next;
}

/** The rows that are not items (title, sections, blank, 合计, notes), folded, with their reason. */
function SkippedRows({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  return (
    <Collapse
      size="small"
      data-testid="import-skipped"
      items={[
        {
          key: 'skipped',
          label: t('records.import.skippedTitle', { count: preview.skippedRows }),
          children: (
            <Table
              size="small"
              rowKey={(r) => `${r.row}`}
              pagination={{ pageSize: 10 }}
              dataSource={preview.skipped}
              columns={[
                { key: 'row', dataIndex: 'row', title: t('records.import.row'), width: 70 },
                { key: 'reason', title: t('records.import.reason'), width: 200, render: (_: unknown, r: ImportSkippedRow) => t(`records.import.skip.${r.reason}`) },
                { key: 'text', dataIndex: 'text', title: t('records.import.text') },
              ]}
            />
          ),
        },
      ]}
    />
  );
}

type Phase = 'choose' | 'uploading' | 'reading' | 'mapping' | 'writing' | 'done';

export function ImportWizard({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('choose');
  const [percent, setPercent] = useState(0);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [skipBad, setSkipBad] = useState(false);
  const [keepBadCas, setKeepBadCas] = useState(false);
  const [sectionAsCategory, setSectionAsCategory] = useState(false);
  const [places, setPlaces] = useState<LocationDecisions>({});
  const [duplicates, setDuplicates] = useState<ImportDuplicateChoice>('import');
  const [result, setResult] = useState<ImportResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<ImportProgress | null>(null);
  const polling = useRef(0);
  /** The import on the server this wizard holds (its upload and spool), discarded when left. */
  const importId = useRef<string | undefined>(undefined);

  /** Runs a preview or commit call while polling the import's progress for the bar. */
  const tracked = async <T,>(importId: string, run: () => Promise<T>): Promise<T> => {
    const me = ++polling.current;
    setProgress(null);
    const timer = setInterval(() => {
      call('importStatus', { importId }).then(
        (st) => polling.current === me && st.progress && setProgress(st.progress),
        () => undefined,
      );
    }, POLL_MS);
    try {
      return await run();
    } finally {
      clearInterval(timer);
      if (polling.current === me) polling.current++;
    }
  };

  const reset = () => {
    setPhase('choose');
    setPercent(0);
    setPreview(null);
    setSkipBad(false);
    setKeepBadCas(false);
    setSectionAsCategory(false);
    setPlaces({});
    setDuplicates('import');
    setResult(null);
    setError(null);
  };

  const upload = async (file: File) => {
    setError(null);
    setPhase('uploading');
    setPercent(0);
    try {
      importId.current = undefined;
      for (let off = 0; ; off += CHUNK_BYTES) {
        const last = off + CHUNK_BYTES >= file.size;
        const bytes = new Uint8Array(await file.slice(off, off + CHUNK_BYTES).arrayBuffer());
        const res: { importId: string } = await call('importUpload', { importId: importId.current, fileName: file.name, chunk: toBase64(bytes), last });
        importId.current = res.importId;
        setPercent(Math.round((Math.min(off + CHUNK_BYTES, file.size) / Math.max(file.size, 1)) * 100));
        if (last) break;
      }
      setPhase('reading');
      const id = importId.current!;
      const p = await tracked(id, () => call('importPreview', { importId: id }, { timeoutMs: LONG_CALL_MS }));
      setPreview(p);
      setPlaces(initialDecisions(p.locations));
      setPhase('mapping');
    } catch (e) {
      setError((e as Error).message);
      setPhase('choose');
    }
  };

  /** Reads the file again with a changed layout; a new header row re-suggests the mapping. */
  const refresh = async (change: { mapping?: ImportPreview['mapping']; headerRow?: number; sections?: boolean; keep?: boolean; duplicates?: ImportDuplicateChoice }) => {
    if (!preview) return;
    const headerRow = change.headerRow ?? preview.headerRow;
    const mapping = change.headerRow !== undefined && change.headerRow !== preview.headerRow ? undefined : (change.mapping ?? preview.mapping);
    const input = { importId: preview.importId, mapping, headerRow, sectionAsCategory: change.sections ?? sectionAsCategory, keepBadCasCheckDigits: change.keep ?? keepBadCas, duplicates: change.duplicates ?? duplicates };
    setBusy(true);
    try {
      const p = await tracked(preview.importId, () => call('importPreview', input, { timeoutMs: LONG_CALL_MS }));
      setPreview(p);
      // Decisions already made stay; texts new to this reading start from their match.
      setPlaces((d) => ({ ...initialDecisions(p.locations), ...Object.fromEntries(Object.entries(d).filter(([, v]) => v)) }));
      setError(null);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const commit = async () => {
    if (!preview) return;
    setPhase('writing');
    try {
      const input = { importId: preview.importId, mapping: preview.mapping, headerRow: preview.headerRow, sectionAsCategory, duplicates, skipBadRows: skipBad, keepBadCasCheckDigits: keepBadCas, locations: choicesOf(preview.locations, places) };
      setResult(await tracked(preview.importId, () => call('importCommit', input, { timeoutMs: LONG_CALL_MS })));
      setPhase('done');
    } catch (e) {
      setError((e as Error).message);
      setPhase('mapping');
    }
  };

  const mapped = preview && preview.mapping.name !== undefined && preview.mapping.quantity !== undefined;
  const canCommit = !!mapped && preview.validRows > 0 && (preview.badRows === 0 || skipBad) && undecided(preview.locations, places) === 0;

  return (
    <Modal
      open={open}
      title={t('records.import.title')}
      width={1000}
      onCancel={() => {
        if (phase !== 'writing') {
          // a file read in the background for nobody, and an upload kept for an hour, would be waste
          if (importId.current && !result) void call('importCancel', { importId: importId.current, discard: true }).catch(() => undefined);
          importId.current = undefined;
          reset();
          onClose();
        }
      }}
      footer={null}
      destroyOnHidden
    >
      <div data-testid="import-wizard">
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        {phase === 'choose' && (
          <Space direction="vertical">
            <Typography.Text>{t('records.import.hint')}</Typography.Text>
            <div>
              <Space>
                <FilePickButton label={t('records.import.chooseFile')} accept={SPREADSHEET_FILES} testId="import-file" onFile={(f) => void upload(f)} />
                <Button data-testid="import-template" onClick={() => void downloadFile('importTemplate', {}, 'inventory-import-template.xlsx').catch((e: Error) => setError(e.message))}>
                  {t('records.import.template')}
                </Button>
              </Space>
            </div>
          </Space>
        )}
        {phase === 'uploading' && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text>{t('records.import.uploading')}</Typography.Text>
            <Progress percent={percent} data-testid="import-progress" />
          </Space>
        )}
        {phase === 'reading' && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text data-testid="import-progress-text">{t('importProgress.reading', { rows: progress?.rows ?? 0 })}</Typography.Text>
            <Progress percent={progress?.percent ?? 0} status="active" data-testid="import-progress" />
          </Space>
        )}
        {phase === 'mapping' && preview && (
          <Spin spinning={busy} tip={progress?.phase === 'parse' ? t('importProgress.reading', { rows: progress.rows }) : undefined}>
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text strong data-testid="import-summary">
                {t('common.labelled', { label: preview.fileName, value: t('records.import.rows', { total: preview.totalRows, valid: preview.validRows, bad: preview.badRows }) })}
              </Typography.Text>
              <Space>
                <span>{t('records.import.headerRow')}:</span>
                <Select
                  size="small"
                  data-testid="import-header-row"
                  aria-label={t('records.import.headerRow')}
                  style={{ width: 520 }}
                  value={preview.headerRow}
                  onChange={(row: number) => void refresh({ headerRow: row })}
                  options={preview.headerCandidates.map((c) => ({ value: c.row, label: t('records.import.headerRowOption', { row: c.row, cells: c.cells.filter(Boolean).slice(0, 8).join(' | ') }) }))}
                />
              </Space>
              {preview.sectionRows > 0 && (
                <Checkbox
                  checked={sectionAsCategory}
                  data-testid="import-section-category"
                  onChange={(e) => {
                    setSectionAsCategory(e.target.checked);
                    void refresh({ sections: e.target.checked });
                  }}
                >
                  {t('records.import.sectionAsCategory', { count: preview.sectionRows })}
                </Checkbox>
              )}
              <Typography.Title level={5}>{t('records.import.mapping')}</Typography.Title>
              <Space wrap>
                {IMPORT_COLUMNS.map((col) => (
                  <Space key={col} size={4}>
                    <span>{t(`records.field.${col}`)}:</span>
                    <Select
                      size="small"
                      aria-label={`map ${col}`}
                      style={{ width: 150 }}
                      value={preview.mapping[col] ?? -1}
                      onChange={(v: number) => void refresh({ mapping: remapped(preview.mapping, col, v) })}
                      options={[{ value: -1, label: t('records.import.notMapped') }, ...preview.headers.map((h, i) => ({ value: i, label: h || `#${i + 1}` }))]}
                    />
                  </Space>
                ))}
              </Space>
              {!mapped && <Alert type="warning" showIcon title={t('records.import.needMapping')} />}
              <Typography.Title level={5}>{t('records.import.preview')}</Typography.Title>
              <Table
                size="small"
                pagination={false}
                scroll={{ x: true }}
                rowKey="row"
                dataSource={preview.sample.map((r, n) => ({ row: preview.sampleRows[n], ...Object.fromEntries(r.map((c, i) => [String(i), c])) }))}
                columns={[{ key: 'row', dataIndex: 'row', title: t('records.import.row'), width: 56 }, ...preview.headers.map((h, i) => ({ key: i, dataIndex: String(i), title: h }))]}
              />
              {preview.skippedRows > 0 && <SkippedRows preview={preview} />}
              {preview.duplicateRows > 0 && (
                <Space direction="vertical" style={{ width: '100%' }} data-testid="import-duplicates">
                  <Typography.Title level={5}>{t('records.import.dup.title', { count: preview.duplicateRows })}</Typography.Title>
                  <Table
                    size="small"
                    rowKey="row"
                    pagination={preview.duplicates.length > 5 ? { pageSize: 5 } : false}
                    dataSource={preview.duplicates}
                    columns={[
                      { key: 'row', dataIndex: 'row', title: t('records.import.row'), width: 70 },
                      {
                        key: 'what',
                        title: t('records.import.dup.what'),
                        render: (_: unknown, d: ImportDuplicate) =>
                          d.kind === 'file' ? t('records.import.dup.file', { row: d.ofRow }) : t('records.import.dup.stock', { id: d.item!.id, name: d.item!.name, location: d.item!.storage_location || '—' }),
                      },
                    ]}
                  />
                  <Radio.Group
                    value={duplicates}
                    data-testid="import-duplicates-choice"
                    onChange={(e) => {
                      setDuplicates(e.target.value as ImportDuplicateChoice);
                      void refresh({ duplicates: e.target.value as ImportDuplicateChoice });
                    }}
                    options={[
                      { value: 'import', label: t('records.import.dup.import') },
                      { value: 'skip', label: t('records.import.dup.skip') },
                    ]}
                  />
                </Space>
              )}
              {preview.locations.length > 0 && <ImportLocations texts={preview.locations} decisions={places} onChange={setPlaces} />}
              {preview.badCheckDigitRows > 0 && (
                <Checkbox
                  checked={keepBadCas}
                  data-testid="import-keep-bad-cas"
                  onChange={(e) => {
                    // Published CAS numbers are sometimes wrong: the user may keep them as written.
                    setKeepBadCas(e.target.checked);
                    void refresh({ keep: e.target.checked });
                  }}
                >
                  {t('records.import.keepBadCas', { count: preview.badCheckDigitRows })}
                </Checkbox>
              )}
              {preview.warnings.length > 0 && (
                <>
                  <Typography.Title level={5}>{t('records.import.warnings', { count: preview.warningRows })}</Typography.Title>
                  <Table
                    size="small"
                    data-testid="import-warnings"
                    rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
                    pagination={{ pageSize: 5 }}
                    dataSource={preview.warnings}
                    columns={[
                      { key: 'row', dataIndex: 'row', title: t('records.import.row'), width: 70 },
                      { key: 'column', dataIndex: 'column', title: t('records.import.column'), width: 140 },
                      { key: 'message', title: t('records.import.note'), render: (_: unknown, r: ImportRowError) => translateMessage(r) },
                    ]}
                  />
                </>
              )}
              {preview.errors.length > 0 && (
                <>
                  <Typography.Title level={5}>{t('records.import.errors')}</Typography.Title>
                  <Table
                    size="small"
                    data-testid="import-errors"
                    rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
                    pagination={{ pageSize: 10 }}
                    dataSource={preview.errors}
                    columns={[
                      { key: 'row', dataIndex: 'row', title: t('records.import.row'), width: 70 },
                      { key: 'column', dataIndex: 'column', title: t('records.import.column'), width: 140 },
                      { key: 'message', title: t('records.import.message'), render: (_: unknown, r: ImportRowError) => translateMessage(r) },
                    ]}
                  />
                  <Checkbox checked={skipBad} onChange={(e) => setSkipBad(e.target.checked)} data-testid="import-skip-bad">
                    {t('records.import.skipBad', { valid: preview.validRows, bad: preview.badRows })}
                  </Checkbox>
                </>
              )}
              <Space>
                <Button type="primary" disabled={!canCommit} onClick={() => void commit()}>
                  {t('records.import.confirm', { count: preview.validRows })}
                </Button>
                <Button onClick={reset}>{t('records.action.cancel')}</Button>
              </Space>
            </Space>
          </Spin>
        )}
        {phase === 'writing' && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Typography.Text data-testid="import-progress-text">
              {progress?.phase === 'write' ? t('importProgress.writing', { rows: progress.rows, total: progress.total ?? 0 }) : t('records.import.writing', { count: preview?.validRows ?? 0 })}
            </Typography.Text>
            <Progress percent={progress?.phase === 'write' ? progress.percent : 0} status="active" data-testid="import-progress" />
          </Space>
        )}
        {phase === 'done' && result && (
          <Space direction="vertical">
            <Alert type="success" showIcon title={t('records.import.done', { imported: result.imported, skipped: result.skipped })} data-testid="import-done" />
            <Space>
              <Button onClick={reset}>{t('records.import.another')}</Button>
              <Button type="primary" onClick={() => (reset(), onClose())}>{t('records.done')}</Button>
            </Space>
          </Space>
        )}
      </div>
    </Modal>
  );
}
