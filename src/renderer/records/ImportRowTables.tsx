// The import preview's lists of rows: those that are not items (skipped, with their reason), the
// duplicates with the user's choice, and rows with warnings or errors.
import { Collapse, Radio, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ImportAddition, ImportDuplicate, ImportDuplicateChoice, ImportPreview, ImportRowError, ImportSkippedRow } from '../../shared/records';
import { translateMessage } from '../i18n/translate';

/** The rows that are not items (title, sections, blank, 合计, notes), folded, with their reason. */
export function SkippedRows({ preview }: { preview: ImportPreview }) {
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

/** With "add": how many rows go to items in stock (and which items grow by how much), and how many to an earlier row's item. */
function Additions({ preview }: { preview: ImportPreview }) {
  const { t } = useTranslation();
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="import-additions">
      <Typography.Text>{t('records.import.dup.addedSummary', { added: preview.addedRows, items: preview.additions.length, merged: preview.mergedRows })}</Typography.Text>
      {preview.additions.length > 0 && (
        <Table
          size="small"
          rowKey={(a) => a.item.id}
          pagination={preview.additions.length > 5 ? { pageSize: 5 } : false}
          dataSource={preview.additions}
          columns={[
            { key: 'item', title: t('records.import.dup.target'), render: (_: unknown, a: ImportAddition) => t('records.import.dup.stock', { id: a.item.id, name: a.item.name, location: a.item.storage_location || '—' }) },
            { key: 'rows', dataIndex: 'rows', title: t('records.import.dup.rows'), width: 80 },
            { key: 'amount', title: t('records.import.dup.amount'), width: 160, render: (_: unknown, a: ImportAddition) => `+${a.amount} ${a.unit}` },
          ]}
        />
      )}
    </Space>
  );
}

/** Rows that repeat a row of the file or an item in stock, and whether to import them, leave them out or add them to the item. */
export function DuplicateRows({ preview, choice, onChoice }: { preview: ImportPreview; choice: ImportDuplicateChoice; onChoice: (c: ImportDuplicateChoice) => void }) {
  const { t } = useTranslation();
  return (
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
          // with "add", where the amount goes: the item in stock (its own, or its earlier row's), else the earlier row's new item
          ...(choice === 'add'
            ? [{ key: 'target', title: t('records.import.dup.addsTo'), render: (_: unknown, d: ImportDuplicate) => (d.item ? t('records.import.dup.stock', { id: d.item.id, name: d.item.name, location: d.item.storage_location || '—' }) : t('records.import.dup.file', { row: d.ofRow })) }]
            : []),
        ]}
      />
      <Radio.Group
        value={choice}
        data-testid="import-duplicates-choice"
        onChange={(e) => onChoice(e.target.value as ImportDuplicateChoice)}
        options={[
          { value: 'import', label: t('records.import.dup.import') },
          { value: 'skip', label: t('records.import.dup.skip') },
          { value: 'add', label: t('records.import.dup.add') },
        ]}
      />
      {choice === 'add' && <Additions preview={preview} />}
    </Space>
  );
}

/** Rows with a message per cell: warnings (imported as read) or errors (not imported). */
export function RowMessages({ rows, testId, messageTitle, pageSize }: { rows: ImportRowError[]; testId: string; messageTitle: string; pageSize: number }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      data-testid={testId}
      rowKey={(r) => `${r.row}-${r.column}-${r.message}`}
      pagination={{ pageSize }}
      dataSource={rows}
      columns={[
        { key: 'row', dataIndex: 'row', title: t('records.import.row'), width: 70 },
        { key: 'column', dataIndex: 'column', title: t('records.import.column'), width: 140 },
        { key: 'message', title: messageTitle, render: (_: unknown, r: ImportRowError) => translateMessage(r) },
      ]}
    />
  );
}
