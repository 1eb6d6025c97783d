// Stocktakes (盘点): the list, one stocktake's live progress, scanning and closing.
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export function StocktakeScreen() {
  const { t } = useTranslation();
  return <Typography.Title level={3}>{t('stocktake.nav')}</Typography.Title>;
}
