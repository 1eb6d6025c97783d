// The scan button in the header and its shortcut (F2, which Chromium leaves to the page; not over
// an open dialog, nor on a page with its own scan input: scan-shortcut.ts): a small box a
// keyboard-wedge scanner types into; Enter opens the scanned item (labels/scan.ts).
import { useEffect, useRef, useState } from 'react';
import { Button, Input, Modal, Tooltip, Typography, type InputRef } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { parseLabelPayload } from '../../shared/label-payload';
import { useBusyAction } from '../app/use-busy-action';
import { openScannedItem } from './scan';
import { isScanShortcut, SCAN_SHORTCUT } from './scan-shortcut';

export function ScanButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<InputRef>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isScanShortcut(e)) {
        e.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const close = () => {
    setOpen(false);
    setText('');
    setError(null);
  };

  // The box is disabled only while the item is fetched: text that is no label keeps the focus.
  const [busy, openItem] = useBusyAction(async (id: number) => {
    const err = await openScannedItem(id, navigate, t);
    if (err) {
      setError(err);
      setText('');
    } else close();
  });
  const submit = () => {
    const id = parseLabelPayload(text);
    if (id === null) setError(t('labels.notPayload'));
    else void openItem(id);
  };

  return (
    <>
      <Tooltip title={t('labels.scanTip', { key: SCAN_SHORTCUT })}>
        <Button size="small" icon={<ScanOutlined />} onClick={() => setOpen(true)} data-testid="scan-button" aria-keyshortcuts={SCAN_SHORTCUT}>
          {t('labels.scan')}
        </Button>
      </Tooltip>
      <Modal open={open} title={t('labels.scanTitle')} onCancel={close} footer={null} destroyOnHidden afterOpenChange={(o) => o && input.current?.focus()} width={420}>
        <Typography.Paragraph type="secondary">{t('labels.scanHelp')}</Typography.Paragraph>
        <Input
          ref={input}
          data-testid="scan-input"
          aria-label={t('labels.scanTitle')}
          placeholder={t('labels.scanPlaceholder')}
          value={text}
          disabled={busy}
          onChange={(e) => (setText(e.target.value), setError(null))}
          onPressEnter={submit}
          status={error ? 'error' : undefined}
          autoComplete="off"
        />
        {error && (
          <Typography.Text type="danger" role="alert" data-testid="scan-error">
            {error}
          </Typography.Text>
        )}
      </Modal>
    </>
  );
}
