// The "most used" card: one dimension at a time (mass, volume, amount of substance, count), picked
// with a toggle, so amounts that do not compare never share an axis.
import { useMemo, useState } from 'react';
import { Card, Empty, Segmented } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardCharts } from '../../shared/contract/dashboard';
import type { Dimension } from '../../shared/amounts';
import { EChart } from './EChart';
import { mostUsedOption } from './most-used-option';

export function MostUsedCard({ charts }: { charts: DashboardCharts }) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<Dimension | null>(null);
  // The picked dimension while it has data, else the first that has (mass, volume, substance, count).
  const chart = charts.mostUsed.find((c) => c.dimension === picked) ?? charts.mostUsed[0];
  const option = useMemo(() => (chart ? mostUsedOption(chart, t) : null), [chart, t]);
  return (
    <Card
      title={t('dashboard.mostUsed', { day: charts.usedSince })}
      data-testid="chart-most-used-card"
      extra={
        chart ? (
          <Segmented<Dimension>
            size="small"
            aria-label={t('dashboard.dimensionPick')}
            data-testid="most-used-dimension"
            value={chart.dimension}
            onChange={setPicked}
            options={charts.mostUsed.map((c) => ({ value: c.dimension, label: t(`dashboard.dimension.${c.dimension}`) }))}
          />
        ) : undefined
      }
    >
      {option ? <EChart option={option} testId="chart-most-used" /> : <Empty description={t('dashboard.noData')} />}
    </Card>
  );
}
