// The stocktake's scan input: a keyboard-wedge scanner types `LAB1:<id>` + Enter; the answer says
// plainly what happened to the container.
import { useEffect, useRef, useState } from 'react';
import { Alert, Input, Space, type InputRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../api/client';
import type { ScanResult } from '../../shared/stocktake';
import { takeScanShortcut } from '../labels/scan-shortcut';

interface ScanNote {
  type: 'success' | 'info' | 'warning' | 'error';
  text: string;
}

/** The scan input: Enter sends what the scanner typed; the answer says plainly what happened. */
export function StocktakeScan({ id }: { id: number }) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [note, setNote] = useState<ScanNote | null>(null);
  const input = useRef<InputRef>(null);
  // F2 (the scan shortcut) here focuses this input: a scan then counts the container.
  useEffect(() => takeScanShortcut(() => input.current?.focus({ cursor: 'all' })), []);
  const describe = (r: ScanResult): ScanNote => {
    const p = { id: r.item_id, name: r.name ?? '', who: r.seen_by_name ?? '', path: r.location_path ?? '', status: r.status ? t(`records.status.${r.status}`) : '' };
    switch (r.result) {
      case 'seen': return { type: 'success', text: t('stocktake.scan.seen', p) };
      case 'already': return { type: 'info', text: t('stocktake.scan.already', p) };
      case 'found': return { type: 'warning', text: t(r.elsewhere ? 'stocktake.scan.foundElsewhere' : 'stocktake.scan.foundHere', p) };
      case 'unknown': return { type: 'error', text: t('stocktake.scan.unknown', p) };
      case 'not_present': return { type: 'error', text: t('stocktake.scan.notPresent', p) };
    }
  };
  const submit = async () => {
    const payload = value.trim();
    if (!payload) return;
    setValue('');
    try {
      setNote(describe(await call('scanStocktake', { id, payload })));
    } catch (e) {
      const text = e instanceof ApiError && e.fields?.payload ? `${payload}: ${e.fields.payload}` : (e as Error).message;
      setNote({ type: 'error', text });
    }
    input.current?.focus();
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Input
        ref={input}
        size="large"
        autoFocus
        allowClear
        value={value}
        onChange={(e) => setValue(e.target.value)}
        onPressEnter={() => void submit()}
        placeholder={t('stocktake.scanPlaceholder')}
        aria-label={t('stocktake.scanLabel')}
        data-testid="stocktake-scan"
        autoComplete="off"
      />
      {note && <Alert type={note.type} showIcon message={note.text} data-testid="scan-result" />}
    </Space>
  );
}
