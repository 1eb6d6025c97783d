// The adapters this build supports: the real suppliers enabled in the env file, plus the fixture
// supplier when FIXTURE_SUPPLIER_URL is set (test builds).
import { aladdinAdapter } from './aladdin';
import { createFixtureAdapter } from './fixture';
import { macklinAdapter } from './macklin';
import type { SupplierAdapter } from './types';

export const REAL_ADAPTERS: Record<string, SupplierAdapter> = { macklin: macklinAdapter, aladdin: aladdinAdapter };

export function buildAdapters(enabled: string[], fixtureOrigin: string): SupplierAdapter[] {
  const list = enabled.map((id) => REAL_ADAPTERS[id]).filter((a): a is SupplierAdapter => Boolean(a));
  if (fixtureOrigin) list.push(createFixtureAdapter(fixtureOrigin));
  return list;
}

export function adapterForCartUrl(adapters: SupplierAdapter[], url: string | undefined): SupplierAdapter | null {
  if (!url) return null;
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return null;
  }
  return adapters.find((a) => a.isCartUrl(u)) ?? null;
}
