import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** An honest notice for screens that later work will build. */
export function NotBuiltYet() {
  const { t } = useTranslation();
  return <Result status="info" title={t('notBuilt.title')} subTitle={t('notBuilt.body')} />;
}
