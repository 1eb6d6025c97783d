// What the home screen shows of the service's answer, in both languages: a date alert's batch is one
// line with its lot, how many containers and where they are; the "most used" chart of a dimension
// has one unit on its axis and each bar says its amount and unit.
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { batchLine } from '../../src/renderer/dashboard/alert-lines';
import { mostUsedOption } from '../../src/renderer/dashboard/most-used-option';
import { domainBundles } from '../../src/renderer/i18n/domains';
import { en as baseEn } from '../../src/renderer/i18n/en';
import { zhCN as baseZh } from '../../src/renderer/i18n/zh-CN';
import type { AlertBatch, MostUsedChart } from '../../src/shared/contract/dashboard';

let zh: TFunction;
let en: TFunction;
beforeAll(async () => {
  const i = i18next.createInstance();
  await i.init({
    resources: {
      en: { translation: { ...baseEn, ...Object.fromEntries(domainBundles.map((b) => [b.key, b.en])) } },
      'zh-CN': { translation: { ...baseZh, ...Object.fromEntries(domainBundles.map((b) => [b.key, b.zh])) } },
    },
    lng: 'zh-CN',
    interpolation: { escapeValue: false },
  });
  zh = i.getFixedT('zh-CN');
  en = i.getFixedT('en');
});

const batch: AlertBatch = { id: 1, name: '乙醚', cas_number: '60-29-7', specification: '500 mL', lot_number: 'L2301', expiry_date: '2026-03-01', borrow_due: null, borrowed_by_name: null, count: 3, locations: ['危化品柜 1层', '冷库'] };

describe('alert lines', () => {
  it('a batch is one line: name, specification, lot, how many, where, when', () => {
    expect(batchLine(batch, zh('dashboard.expiresOn', { day: '2026-03-01' }), zh, 'zh-CN')).toBe('乙醚 500 mL 批号 L2301 ×3 · 危化品柜 1层、冷库 · 2026-03-01 到期');
    expect(batchLine(batch, en('dashboard.expiresOn', { day: '2026-03-01' }), en, 'en')).toBe('乙醚 500 mL lot L2301 ×3 · 危化品柜 1层, 冷库 · expires 2026-03-01');
  });

  it('one container without lot or location says only what it is and when', () => {
    expect(batchLine({ ...batch, specification: '', lot_number: '', count: 1, locations: [] }, zh('dashboard.expiresOn', { day: '2026-03-01' }), zh, 'zh-CN')).toBe('乙醚 · 2026-03-01 到期');
  });
});

describe('most used chart', () => {
  it('one unit on the axis of a measured dimension; each bar labelled with its amount and unit, largest on top', () => {
    const chart: MostUsedChart = { dimension: 'volume', unit: 'mL', entries: [{ name: '乙醇', cas_number: '64-17-5', amount: 1500, unit: 'mL' }, { name: '丙酮', cas_number: '67-64-1', amount: 62.5, unit: 'mL' }] };
    const o = mostUsedOption(chart, zh) as { xAxis: { name: string }; yAxis: { data: string[] }; series: Array<{ data: number[]; label: { formatter: (p: { dataIndex: number }) => string } }> };
    expect(o.xAxis.name).toBe('mL');
    expect(o.yAxis.data).toEqual(['丙酮', '乙醇']);
    expect(o.series[0]!.data).toEqual([62.5, 1500]);
    expect([0, 1].map((dataIndex) => o.series[0]!.label.formatter({ dataIndex }))).toEqual(['62.5 mL', '1500 mL']);
  });

  it('counts are containers, each bar with its own word', () => {
    const chart: MostUsedChart = { dimension: 'count', unit: '', entries: [{ name: '样品瓶', cas_number: '', amount: 5, unit: '瓶' }, { name: '吸头', cas_number: '', amount: 3, unit: '盒' }] };
    const o = mostUsedOption(chart, zh) as { xAxis: { name: string }; series: Array<{ label: { formatter: (p: { dataIndex: number }) => string } }> };
    expect(o.xAxis.name).toBe('件数');
    expect((mostUsedOption(chart, en) as { xAxis: { name: string } }).xAxis.name).toBe('containers');
    expect([0, 1].map((dataIndex) => o.series[0]!.label.formatter({ dataIndex }))).toEqual(['3 盒', '5 瓶']);
  });
});
