// What the cart-import page says when no batch is there: the three steps of an import, the
// extension's install steps (the user-facing part of extension/README.md, in both languages) and,
// for the browse-only account, that it cannot import. Shown at once; a batch that arrives later
// replaces it (the screen keeps listening for the push).
import { Alert, Button, Card, Collapse, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function NoBatchGuide({ isPublic, port, onReload }: { isPublic: boolean; port: number | null; onReload: () => void }) {
  const { t } = useTranslation();
  const address = `http://127.0.0.1:${port ?? location.port}`;
  const list = (keys: string[], vars: Record<string, string> = {}) => (
    <ol style={{ paddingInlineStart: 20, margin: 0 }}>
      {keys.map((k) => (
        <li key={k}>{t(k, vars)}</li>
      ))}
    </ol>
  );
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 760 }} data-testid="cart-none">
      <Typography.Title level={3}>{t('cart.title')}</Typography.Title>
      {isPublic && <Alert type="warning" showIcon data-testid="cart-public-none" title={t('cart.guide.publicCannot')} />}
      <Card title={t('cart.guide.noBatch')} size="small">
        {list(['cart.guide.step1', 'cart.guide.step2', 'cart.guide.step3', 'cart.guide.step4'])}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('cart.guide.expiry')} <a href="#install-steps" onClick={(e) => (e.preventDefault(), document.getElementById('install-steps')?.scrollIntoView())}>{t('cart.guide.installLink')}</a>
        </Typography.Paragraph>
      </Card>
      <Collapse
        defaultActiveKey={['install']}
        items={[
          {
            key: 'install',
            label: <span id="install-steps">{t('cart.guide.installTitle')}</span>,
            children: (
              <div data-testid="install-steps">
                {list(['cart.guide.install1', 'cart.guide.install2', 'cart.guide.install3', 'cart.guide.install4'], { address })}
                <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
                  {t('cart.guide.installNote')}
                </Typography.Paragraph>
              </div>
            ),
          },
        ]}
      />
      <Button onClick={onReload}>{t('cart.reload')}</Button>
    </Space>
  );
}
