// The export's local times: once a minute is cached, every stamp in it still reads as its own
// local minute (a zone with daylight saving here), and a stamp that is not a date stays as it is.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { localMinute } from '../../src/main/list-export/export-file';

process.env.TZ = 'America/New_York';

const two = (n: number) => String(n).padStart(2, '0');
/** The reading without any cache: Date's local fields. */
function reference(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())} ${two(d.getHours())}:${two(d.getMinutes())}`;
}

describe('localMinute', () => {
  it('reads every stamp as Date does, across daylight-saving changes and within cached minutes', () => {
    const from = Date.parse('2000-01-01T00:00:00Z');
    const to = Date.parse('2100-01-01T00:00:00Z');
    fc.assert(
      fc.property(fc.integer({ min: from, max: to }), fc.integer({ min: 0, max: 59_999 }), (ms, within) => {
        const minute = ms - (ms % 60_000);
        for (const t of [minute, minute + within, minute + 59_999]) {
          const iso = new Date(t).toISOString();
          expect(localMinute(iso)).toBe(reference(iso));
        }
      }),
      { numRuns: 2000 },
    );
    // The hour that repeats when New York leaves daylight saving: both passes, as Date reads them.
    for (const iso of ['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z', '2026-03-08T06:59:59.999Z', '2026-03-08T07:00:00.000Z']) expect(localMinute(iso)).toBe(reference(iso));
  });

  it('leaves text that is not a date as it is, even when its minute is cached', () => {
    expect(localMinute('2026-11-23T10:36:12.345Z')).toBe(reference('2026-11-23T10:36:12.345Z'));
    for (const text of ['2026-11-23T10:36:99.000Z', '2026-11-23T10:36:1x.000Z', 'not a date', '', '2026-02-30T10:36:00.000Z']) expect(localMinute(text)).toBe(reference(text));
  });
});
