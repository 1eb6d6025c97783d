// The lab's time zone (settings `timeZone`): a server whose computer runs in UTC writes its exports
// in the lab's zone, the same times the screen shows; '' goes back to the computer's; a name that is
// not a zone is refused naming the field and changes nothing; a damaged value in settings.json
// falls back to the computer's zone.
import fs from 'node:fs';
import path from 'node:path';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServices, setupAdmin, ADMIN } from '../support/temp';
import { http } from '../support/http';
import { parseSettings } from '../../src/main/settings';
import { applyLabTimeZone, onLabTimeZoneChange } from '../../src/main/lab-time-zone';

/** The moment's minute in `zone`, read without the process's zone (what the screen shows there). */
function minuteIn(iso: string, zone: string): string {
  const p = Object.fromEntries(new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

const startTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'UTC';
});
afterAll(() => {
  applyLabTimeZone('');
  if (startTz === undefined) delete process.env.TZ;
  else process.env.TZ = startTz;
});

describe('the lab time zone', () => {
  it('an export made on a computer in UTC shows the lab zone\'s times; a bad zone is refused; "" is the computer\'s again', async () => {
    const s = await startTestServices();
    await setupAdmin(s);
    const base = `http://127.0.0.1:${s.port}`;
    const admin = (await http(base, 'POST', '/api/session', { username: ADMIN.username, password: ADMIN.password })).cookie!;
    const info0 = await http(base, 'GET', '/api/app-info', undefined, admin);
    expect(info0.json.timeZone).toEqual({ setting: '', computer: 'UTC' });

    const bad = await http(base, 'PUT', '/api/settings', { timeZone: 'Mars/Olympus' }, admin);
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatchObject({ code: 'validation', fields: { timeZone: { key: 'field.timeZone' } } });
    expect((await http(base, 'GET', '/api/app-info', undefined, admin)).json.timeZone.setting).toBe('');

    const saved = await http(base, 'PUT', '/api/settings', { timeZone: 'Asia/Shanghai' }, admin);
    expect(saved).toMatchObject({ status: 200, json: { timeZone: 'Asia/Shanghai' } });
    expect((await http(base, 'GET', '/api/app-info', undefined, admin)).json.timeZone).toEqual({ setting: 'Asia/Shanghai', computer: 'UTC' });
    expect(JSON.parse(fs.readFileSync(path.join(s.dataDir, 'settings.json'), 'utf8')).timeZone).toBe('Asia/Shanghai');

    const item = (await http(base, 'POST', '/api/inventory', { name: '丙酮', cas_number: '67-64-1', quantity: 500, unit: 'mL' }, admin)).json as { id: number; created_at: string };
    const exported = async () => {
      const r = await fetch(`${base}/api/records/export?endpoint=${encodeURIComponent('/inventory/')}&format=csv&lang=en`, { headers: { 'x-lab-client': '1', cookie: admin } });
      expect(r.status).toBe(200);
      const rows = Papa.parse<Record<string, string>>((await r.text()).replace(/^\uFEFF/, ''), { header: true, skipEmptyLines: true }).data;
      return { row: rows.find((x) => Object.values(x).includes('丙酮'))!, fileName: decodeURIComponent(r.headers.get('content-disposition') ?? '') };
    };
    const shanghai = minuteIn(item.created_at, 'Asia/Shanghai');
    expect(shanghai).not.toBe(minuteIn(item.created_at, 'UTC'));
    const inLab = await exported();
    expect(Object.values(inLab.row)).toContain(shanghai);
    // The file's name carries the lab's minute too (the parent process names it).
    expect(inLab.fileName).toContain(minuteIn(new Date().toISOString(), 'Asia/Shanghai').slice(0, 10));

    await http(base, 'PUT', '/api/settings', { timeZone: '' }, admin);
    const inComputer = await exported();
    expect(Object.values(inComputer.row)).toContain(minuteIn(item.created_at, 'UTC'));
    expect(Object.values(inComputer.row)).not.toContain(shanghai);
  });

  it('a zone that changes empties the caches of local times', () => {
    let calls = 0;
    const off = onLabTimeZoneChange(() => calls++);
    applyLabTimeZone('Europe/Berlin');
    applyLabTimeZone('Europe/Berlin');
    expect(calls).toBe(1);
    expect(new Date('2026-07-01T12:00:00Z').getHours()).toBe(14);
    applyLabTimeZone('');
    expect(calls).toBe(2);
    expect(new Date('2026-07-01T12:00:00Z').getHours()).toBe(12);
    off();
  });

  it('settings.json: a zone the runtime does not know falls back to the computer\'s', () => {
    expect(parseSettings({ timeZone: 'Asia/Shanghai' }).settings.timeZone).toBe('Asia/Shanghai');
    expect(parseSettings({ timeZone: 'Nowhere/Land' })).toMatchObject({ settings: { timeZone: '' }, rejected: ['timeZone="Nowhere/Land"'] });
    expect(parseSettings({ timeZone: 42 }).settings.timeZone).toBe('');
  });
});
