// One ECharts chart in a div. Only the pieces the home screen uses are registered (bar charts,
// grid, tooltip, legend, the canvas renderer), so the library's share of the dashboard's lazy
// chunk stays small; the module is imported by the home screen alone.
import { useEffect, useRef } from 'react';
import * as echarts from 'echarts/core';
import { BarChart, type BarSeriesOption } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, type GridComponentOption, type LegendComponentOption, type TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { useReducedMotion } from '../app/reduced-motion';

echarts.use([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export type ChartOption = echarts.ComposeOption<BarSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>;

export function EChart({ option, height = 300, testId }: { option: ChartOption; height?: number; testId: string }) {
  const el = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const still = useReducedMotion();

  useEffect(() => {
    const c = echarts.init(el.current!);
    chart.current = c;
    // The card's width follows the window (and the navigation collapsing).
    const observer = new ResizeObserver(() => c.resize());
    observer.observe(el.current!);
    return () => {
      observer.disconnect();
      c.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    // Bars that grow into place are motion too: none when the system asks for less.
    chart.current?.setOption(still ? { ...option, animation: false } : option, { notMerge: true });
  }, [option, still]);

  return <div ref={el} data-testid={testId} style={{ width: '100%', height }} />;
}
