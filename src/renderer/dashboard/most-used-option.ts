// The "most used" chart of one dimension (the service makes one per dimension: src/main/dashboard/
// most-used.ts): a horizontal bar per chemical on one axis in one unit — the chart's unit for mass,
// volume and amount of substance, containers for counts, each bar labelled with its amount and unit.
import type { TFunction } from 'i18next';
import type { MostUsedChart } from '../../shared/contract/dashboard';
import { formatAmount } from '../../shared/amounts';
import type { ChartOption } from './EChart';

export function mostUsedOption(chart: MostUsedChart, t: TFunction): ChartOption {
  // Largest on top: a horizontal bar chart draws its categories from the bottom up.
  const rows = [...chart.entries].reverse();
  const label = (i: number) => `${formatAmount(rows[i]!.amount)} ${rows[i]!.unit}`;
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v) => String(v) },
    grid: { left: 16, right: 80, top: 24, bottom: 8, containLabel: true },
    xAxis: { type: 'value', name: chart.dimension === 'count' ? t('dashboard.containers') : chart.unit },
    yAxis: { type: 'category', data: rows.map((r) => r.name) },
    series: [
      {
        type: 'bar',
        name: t('dashboard.amount'),
        data: rows.map((r) => r.amount),
        itemStyle: { color: '#1f6feb' },
        label: { show: true, position: 'right', formatter: (p: { dataIndex: number }) => label(p.dataIndex) },
      },
    ],
  };
}
