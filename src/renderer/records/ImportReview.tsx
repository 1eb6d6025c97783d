// The import wizard's review step: which row is the header, which file column goes to which field,
// the first rows (the CAS column with the reference lists' tags), then what needs a decision
// (skipped rows, duplicates, locations, CAS check digits, rows with errors) before the valid rows
// are written.
import { Alert, Button, Checkbox, Select, Space, Spin, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { IMPORT_COLUMNS, type ImportColumn, type ImportPreview } from '../../shared/records';
import { ImportLocations } from './ImportLocations';
import { DuplicateRows, RowMessages, SkippedRows } from './ImportRowTables';
import type { ImportWizardState } from './use-import-wizard';
import { ReferenceTags } from '../reference/ReferenceTags';

/** The mapping with `col` taken from file column `idx` (-1: not imported). */
function remapped(mapping: ImportPreview['mapping'], col: ImportColumn, idx: number): ImportPreview['mapping'] {
  const next = { ...mapping };
  if (idx < 0) delete next[col];
  else next[col] = idx;
  return next;
}

/** Header row, section rows as categories, and the column mapping. */
function Layout({ w, preview }: { w: ImportWizardState; preview: ImportPreview }) {
  const { t } = useTranslation();
  const c = w.choices;
  return (
    <>
      <Space>
        <span>{t('common.labelled', { label: t('records.import.headerRow'), value: '' })}</span>
        <Select
          size="small"
          data-testid="import-header-row"
          aria-label={t('records.import.headerRow')}
          style={{ width: 520 }}
          value={preview.headerRow}
          onChange={(row: number) => void w.refresh({ headerRow: row })}
          options={preview.headerCandidates.map((h) => ({ value: h.row, label: t('records.import.headerRowOption', { row: h.row, cells: h.cells.filter(Boolean).slice(0, 8).join(' | ') }) }))}
        />
      </Space>
      {preview.sectionRows > 0 && (
        <Checkbox
          checked={c.sectionAsCategory}
          data-testid="import-section-category"
          onChange={(e) => {
            c.setSectionAsCategory(e.target.checked);
            void w.refresh({ sections: e.target.checked });
          }}
        >
          {t('records.import.sectionAsCategory', { count: preview.sectionRows })}
        </Checkbox>
      )}
      <Typography.Title level={5}>{t('records.import.mapping')}</Typography.Title>
      <Space wrap>
        {IMPORT_COLUMNS.map((col) => (
          <Space key={col} size={4}>
            <span>{t('common.labelled', { label: t(`records.field.${col}`), value: '' })}</span>
            <Select
              size="small"
              aria-label={`map ${col}`}
              style={{ width: 150 }}
              value={preview.mapping[col] ?? -1}
              onChange={(v: number) => void w.refresh({ mapping: remapped(preview.mapping, col, v) })}
              options={[{ value: -1, label: t('records.import.notMapped') }, ...preview.headers.map((h, i) => ({ value: i, label: h || `#${i + 1}` }))]}
            />
          </Space>
        ))}
      </Space>
      {!w.mapped && <Alert type="warning" showIcon title={t('records.import.needMapping')} />}
    </>
  );
}

/** What the rows need decided: skipped rows, duplicates, locations, CAS check digits, warnings and errors. */
function Decisions({ w, preview }: { w: ImportWizardState; preview: ImportPreview }) {
  const { t } = useTranslation();
  const c = w.choices;
  return (
    <>
      {preview.skippedRows > 0 && <SkippedRows preview={preview} />}
      {preview.duplicateRows > 0 && (
        <DuplicateRows
          preview={preview}
          choice={c.duplicates}
          onChoice={(d) => {
            c.setDuplicates(d);
            void w.refresh({ duplicates: d });
          }}
        />
      )}
      {preview.locations.length > 0 && <ImportLocations texts={preview.locations} decisions={c.places} onChange={c.setPlaces} />}
      {preview.badCheckDigitRows > 0 && (
        <Checkbox
          checked={c.keepBadCas}
          data-testid="import-keep-bad-cas"
          onChange={(e) => {
            // Published CAS numbers are sometimes wrong: the user may keep them as written.
            c.setKeepBadCas(e.target.checked);
            void w.refresh({ keep: e.target.checked });
          }}
        >
          {t('records.import.keepBadCas', { count: preview.badCheckDigitRows })}
        </Checkbox>
      )}
      {preview.warnings.length > 0 && (
        <>
          <Typography.Title level={5}>{t('records.import.warnings', { count: preview.warningRows })}</Typography.Title>
          <RowMessages rows={preview.warnings} testId="import-warnings" messageTitle={t('records.import.note')} pageSize={5} />
        </>
      )}
      {preview.errors.length > 0 && (
        <>
          <Typography.Title level={5}>{t('records.import.errors')}</Typography.Title>
          <RowMessages rows={preview.errors} testId="import-errors" messageTitle={t('records.import.message')} pageSize={10} />
          <Checkbox checked={c.skipBad} onChange={(e) => c.setSkipBad(e.target.checked)} data-testid="import-skip-bad">
            {t('records.import.skipBad', { valid: preview.validRows, bad: preview.badRows })}
          </Checkbox>
        </>
      )}
    </>
  );
}

/** The CAS column of the first rows: the number as read and the reference lists' tags (a table has no room for a GHS suggestion). */
function casCell(text: string | undefined) {
  return (
    <Space size={4} wrap>
      {text}
      {text && <ReferenceTags cas={text} />}
    </Space>
  );
}

export function ImportReview({ w, preview }: { w: ImportWizardState; preview: ImportPreview }) {
  const { t } = useTranslation();
  return (
    <Spin spinning={w.busy} tip={w.progress?.phase === 'parse' ? t('importProgress.reading', { rows: w.progress.rows }) : undefined}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text strong data-testid="import-summary">
          {t('common.labelled', { label: preview.fileName, value: t('records.import.rows', { total: preview.totalRows, valid: preview.validRows, bad: preview.badRows }) })}
        </Typography.Text>
        <Layout w={w} preview={preview} />
        <Typography.Title level={5}>{t('records.import.preview')}</Typography.Title>
        <Table
          size="small"
          pagination={false}
          scroll={{ x: true }}
          rowKey="row"
          dataSource={preview.sample.map((r, n) => ({ row: preview.sampleRows[n], ...Object.fromEntries(r.map((cell, i) => [String(i), cell])) }))}
          columns={[{ key: 'row', dataIndex: 'row', title: t('records.import.row'), width: 56 }, ...preview.headers.map((h, i) => ({ key: i, dataIndex: String(i), title: h, ...(i === preview.mapping.cas_number ? { render: casCell } : {}) }))]}
        />
        <Decisions w={w} preview={preview} />
        <Space>
          <Button type="primary" disabled={!w.canCommit} onClick={() => void w.commit()}>
            {t('records.import.confirm', { count: preview.validRows })}
          </Button>
          <Button onClick={w.reset}>{t('records.action.cancel')}</Button>
        </Space>
      </Space>
    </Spin>
  );
}
