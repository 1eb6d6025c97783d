// Settings → About → data sources and licences: every shipped reference file with its list,
// edition, source, terms and row count, and the HCIS attribution its licence (CC BY 4.0) asks for.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ReferenceSources } from '../../shared/reference';
import { call } from '../api/client';
import { groupDigits } from '../i18n/numbers';
import { referenceLanguage } from './reference-hints';

export function DataSourcesScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [sources, setSources] = useState<ReferenceSources | null>(null);
  const [error, setError] = useState<string | null>(null);
  const lang = referenceLanguage(i18n.language);

  useEffect(() => {
    call('referenceSources', {}).then(setSources, (e: Error) => setError(e.message));
  }, []);

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
            <Card key={f.id} title={f[lang].list} data-testid={`source-${f.id}`}>
              <Descriptions
                column={1}
                items={[
                  { key: 'file', label: t('reference.file'), children: <code>{f.file}</code> },
                  { key: 'edition', label: t('reference.edition'), children: f[lang].edition },
                  { key: 'rows', label: t('reference.rows'), children: <span data-testid={`rows-${f.id}`}>{groupDigits(f.rows)}</span> },
                  { key: 'source', label: t('reference.source'), children: f[lang].source },
                  { key: 'terms', label: t('reference.terms'), children: f[lang].terms },
                ]}
              />
            </Card>
          ))}
        </>
      )}
    </Space>
  );
}
