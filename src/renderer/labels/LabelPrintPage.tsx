// The print-styled page of a selection's labels (/labels?ids=1,2&size=70x40[&print=1]): one label
// per page for a label printer's sizes, 3 × 8 per A4 sheet. @page sets the paper; when printing,
// the app's navigation and header are hidden so only the labels reach the paper. With print=1 it
// prints as soon as the labels are drawn (the dialog's Print button comes here).
import { useEffect, useRef, useState } from 'react';
import { App, Button, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { call } from '../api/client';
import { LABEL_GEOMETRY, LABEL_SIZES, type LabelContent, type LabelSize } from '../../shared/labels';
import { exportLanguage } from '../records/export-download';
import { LabelView } from './LabelView';
import { downloadLabelsPdf, printLabelsPage } from './label-print';

function printCss(size: LabelSize): string {
  const g = LABEL_GEOMETRY[size];
  return `
@page { size: ${g.pageWidth}mm ${g.pageHeight}mm; margin: 0; }
@media print {
  .ant-layout-sider, .ant-layout-header, .labels-toolbar, .ant-alert, .ant-message { display: none !important; }
  .ant-layout, .ant-layout-content, body { padding: 0 !important; margin: 0 !important; background: #fff !important; }
  .labels-sheet { margin: 0 !important; box-shadow: none !important; break-after: page; }
  .labels-sheet:last-child { break-after: auto; }
}`;
}

function chunks<T>(list: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += n) out.push(list.slice(i, i + n));
  return out;
}

export function LabelPrintPage() {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').map(Number).filter((n) => Number.isSafeInteger(n) && n > 0);
  const sizeParam = params.get('size');
  const size: LabelSize = (LABEL_SIZES as readonly string[]).includes(sizeParam ?? '') ? (sizeParam as LabelSize) : '70x40';
  const lang = exportLanguage(i18n.language);
  const [labels, setLabels] = useState<LabelContent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const printed = useRef(false);
  const key = ids.join(',');

  useEffect(() => {
    setLabels(null);
    setError(null);
    call('labelContents', { ids: key, lang }).then(setLabels, (e: Error) => setError(e.message));
  }, [key, lang]);

  const print = async () => {
    const r = await printLabelsPage(size);
    if (!r.ok && r.reason !== 'cancelled') void message.error(t('labels.printFailed', { reason: r.reason }));
  };

  useEffect(() => {
    if (!labels || printed.current || params.get('print') !== '1') return;
    printed.current = true;
    // a reload or Back must not print again
    navigate(`/labels?ids=${key}&size=${size}`, { replace: true });
    // after the labels have been painted
    requestAnimationFrame(() => void print());
  });

  const g = LABEL_GEOMETRY[size];
  const perPage = g.columns * g.rows;
  return (
    <div data-testid="labels-print-page">
      <style>{printCss(size)}</style>
      <Space className="labels-toolbar" style={{ marginBottom: 12 }} wrap>
        <Button onClick={() => navigate(-1)}>{t('labels.back')}</Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('labels.printTitle')} · {t(`labels.sizes.${size}`)}
        </Typography.Title>
        <Button type="primary" disabled={!labels} onClick={() => void print()} data-testid="labels-print">
          {t('labels.print')}
        </Button>
        <Button
          disabled={!labels}
          onClick={() =>
            void downloadLabelsPdf(ids, size, lang).then(
              (r) => void message.success(r.savedTo ? t('labels.savedTo', { path: r.savedTo }) : t('labels.downloaded')),
              (e: Error) => void message.error(e.message),
            )
          }
        >
          {t('labels.downloadPdf')}
        </Button>
      </Space>
      {error && <Typography.Text type="danger" role="alert">{error}</Typography.Text>}
      {!labels && !error && (
        <Space>
          <Spin />
          {t('labels.loading')}
        </Space>
      )}
      {labels &&
        chunks(labels, perPage).map((page, i) => (
          <div
            key={i}
            className="labels-sheet"
            style={{
              width: `${g.pageWidth}mm`,
              height: `${g.pageHeight}mm`,
              boxSizing: 'border-box',
              paddingTop: `${g.top}mm`,
              paddingLeft: `${g.left}mm`,
              display: 'grid',
              gridTemplateColumns: `repeat(${g.columns}, ${g.width}mm)`,
              gridAutoRows: `${g.height}mm`,
              alignContent: 'start',
              background: '#fff',
              boxShadow: '0 0 0 1px #d9d9d9',
              margin: '0 0 12px',
              overflow: 'hidden',
            }}
          >
            {page.map((c) => (
              <LabelView key={c.id} content={c} geometry={g} lang={lang} />
            ))}
          </div>
        ))}
    </div>
  );
}
