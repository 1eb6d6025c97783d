// The admin's controlled lists (categories and their CAS numbers) and the controlled ledger export.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function ControlledScreen() {
  const { t } = useTranslation();
  return <Typography.Title level={3}>{t('controlled.nav')}</Typography.Title>;
}
