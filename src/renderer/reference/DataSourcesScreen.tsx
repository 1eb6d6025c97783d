// Settings → About → data sources and licences: every reference file in use with its list,
// edition, source, terms and row count, and the HCIS attribution its licence (CC BY 4.0) asks for.
// An imported edition is marked with who imported it when; one that could not be used at start is
// named as such (the shipped edition stands in). An admin imports a newer edition of a list or
// reverts to the shipped one here (EditionDialog: preview, then switch).
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EDITION_LISTS, type EditionList, type ReferenceSourceFile, type ReferenceSources } from '../../shared/reference';
import { call, subscribeEvents } from '../api/client';
import { dateTime } from '../app/format';
import { groupDigits } from '../i18n/numbers';
import { useSession } from '../session/session-store';
import { EditionDialog } from './EditionDialog';
import { referenceLanguage } from './reference-hints';

type EditionFile = ReferenceSourceFile & { id: EditionList };
const isEditionFile = (f: ReferenceSourceFile): f is EditionFile => (EDITION_LISTS as readonly string[]).includes(f.id);

export function DataSourcesScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [sources, setSources] = useState<ReferenceSources | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lang = referenceLanguage(i18n.language);
  const isAdmin = useSession().user?.role === 'admin';
  const [dialog, setDialog] = useState<{ file: EditionFile; mode: 'import' | 'revert' } | null>(null);

  const load = useCallback(() => {
    call('referenceSources', {}).then(setSources, (e: Error) => setError(e.message));
  }, []);
  useEffect(() => {
    load();
    // Another window (or a restore) switched an edition: show the one in use.
    return subscribeEvents((e) => {
      if (e.type === 'reference-changed') load();
    });
  }, [load]);

  const actions = (f: ReferenceSourceFile) =>
    isAdmin && isEditionFile(f) ? (
      <Space>
        <Button size="small" data-testid={`import-${f.id}`} onClick={() => setDialog({ file: f, mode: 'import' })}>
          {t('reference.editions.importNew')}
        </Button>
        {(f.imported || f.fault) && (
          <Button size="small" data-testid={`revert-${f.id}`} onClick={() => setDialog({ file: f, mode: 'revert' })}>
            {t('reference.editions.revert')}
          </Button>
        )}
      </Space>
    ) : null;

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="data-sources">
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('reference.title')}
        </Typography.Title>
        <Button onClick={() => navigate('/settings')}>{t('reference.back')}</Button>
      </Space>
      <Typography.Paragraph>{t('reference.intro')}</Typography.Paragraph>
      {error && <Alert type="error" showIcon title={t('reference.loadFailed', { message: error })} />}
      <Alert type="info" showIcon title={t('reference.attributionTitle')} description={<span data-testid="hcis-attribution">{t('reference.attribution')}</span>} />
      {sources && (
        <>
          <Typography.Text type="secondary">{t('reference.version', { version: sources.version })}</Typography.Text>
          {sources.files.map((f) => (
            <Card key={f.id} title={f[lang].list} extra={actions(f)} data-testid={`source-${f.id}`}>
              {f.imported && (
                <Tag color="blue" data-testid={`imported-${f.id}`} style={{ marginBottom: 12 }}>
                  {t('reference.editions.imported', { name: f.imported.importedBy.name, at: dateTime(f.imported.importedAt) })}
                </Tag>
              )}
              {f.fault && <Alert type="warning" showIcon style={{ marginBottom: 12 }} data-testid={`fault-${f.id}`} title={t(f.fault === 'damaged' ? 'reference.editions.faultDamaged' : 'reference.editions.faultMissing')} />}
              <Descriptions
                column={1}
                items={[
                  { key: 'file', label: t('reference.file'), children: <code>{f.file}</code> },
                  { key: 'edition', label: t('reference.edition'), children: f[lang].edition },
                  { key: 'rows', label: t('reference.rows'), children: <span data-testid={`rows-${f.id}`}>{groupDigits(f.rows)}</span> },
                  { key: 'source', label: t('reference.source'), children: f[lang].source || '—' },
                  { key: 'terms', label: t('reference.terms'), children: f[lang].terms },
                ]}
              />
            </Card>
          ))}
        </>
      )}
      {dialog && (
        <EditionDialog
          file={dialog.file}
          mode={dialog.mode}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            load();
          }}
        />
      )}
    </Space>
  );
}
