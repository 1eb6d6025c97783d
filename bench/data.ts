// Benchmark data: realistic lab records built from the shared chemicals table (names, synonyms,
// CAS numbers) plus generated brands, storage locations, categories, people and consumables, and
// a search memory of the spec's full size. Seeded, so every run measures the same data.
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../src/main/db/open';
import { normalizeSearchTerm } from '../src/shared/normalize';
import { memoryRankKey, DAY_MS } from '../src/main/completion/ranking';
import { rng } from '../test/support/rng';

export { rng };

export function chemicalsFile(): string {
  for (const p of [process.env.LAB_SHARED_DIR && path.join(process.env.LAB_SHARED_DIR, 'data/chemicals.tsv'), path.resolve(process.cwd(), '../shared/data/chemicals.tsv')]) if (p && fs.existsSync(p)) return p;
  throw new Error('chemicals.tsv not found (expected ../shared/data/chemicals.tsv)');
}

const BRANDS = ['Sigma-Aldrich', 'Aladdin 阿拉丁', 'Macklin 麦克林', 'TCI', 'Alfa Aesar', 'Acros Organics', 'J&K 百灵威', 'Energy Chemical', '国药集团', '西陇科学', 'Adamas', 'Meryer 迈瑞尔', 'Bidepharm 毕得', 'Innochem', 'Thermo Fisher', 'Merck', 'Fluka', 'Amresco', 'Solarbio 索莱宝', 'Beyotime 碧云天', '阿达玛斯', '安耐吉', '麦克林', '阿拉丁', '源叶生物', 'Damas-beta', 'Leyan 乐研', 'Yuanye', 'Greagent', 'Titan 泰坦'];
const CATEGORIES = ['Solvent', 'Acid', 'Base', 'Salt', 'Oxidizer', 'Reductant', 'Catalyst', 'Ligand', 'Buffer', 'Indicator', 'Standard', 'Enzyme', 'Antibody', 'Dye', 'Polymer', 'Metal', '有机试剂', '无机试剂', '生化试剂', '色谱试剂', '危险化学品', '易制毒', '标准品', '培养基', '耗材'];
const CN_CHEM = ['乙醇', '无水乙醇', '甲醇', '丙酮', '氯化钠', '二氯甲烷', '乙酸乙酯', '正己烷', '硫酸', '盐酸', '硝酸', '氢氧化钠', '氢氧化钾', '碳酸钠', '碳酸氢钠', '乙腈', '四氢呋喃', '甲苯', '二甲苯', '石油醚', '三氯甲烷', '异丙醇', '正丁醇', '冰乙酸', '磷酸', '氯化钾', '硫酸铜', '高锰酸钾', '过氧化氢', '氨水', '乙二胺四乙酸二钠', '三羟甲基氨基甲烷', '十二烷基硫酸钠', '葡萄糖', '蔗糖', '琼脂糖', '甘氨酸', '溴化钾', '碘化钾', '硫代硫酸钠'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '黄', '赵', '吴', '周', '徐', '孙', '马', '朱', '胡', '郭', '何', '高', '林', '罗'];
const GIVEN = ['伟', '芳', '娜', '敏', '静', '丽', '强', '磊', '洋', '艳', '勇', '军', '杰', '娟', '涛', '明', '超', '秀英', '华', '慧', '建国', '晓东', '子涵', '雨欣', '浩然', '思远'];
const EN_PEOPLE = ['Alice Chen', 'Bob Li', 'Carol Wang', 'David Zhang', 'Emma Liu', 'Frank Wu', 'Grace Zhou', 'Henry Sun'];
const CONSUMABLES = ['Pipette tips', 'Centrifuge tube', 'PCR tube', 'Nitrile gloves', 'Petri dish', 'Syringe filter', 'Weighing paper', 'Cryovial', 'Beaker', 'Erlenmeyer flask', 'Volumetric flask', 'Glass slide', 'Cover glass', 'Parafilm', 'Filter paper', '移液枪头', '离心管', '一次性手套', '培养皿', '针式滤器', '称量纸', '冻存管', '烧杯', '锥形瓶', '容量瓶', '载玻片', '盖玻片', '封口膜', '滤纸', '口罩', '试管', '滴管', '样品瓶', '色谱柱', '注射器'];
const SPECS = ['10 µL', '200 µL', '1 mL', '1.5 mL', '2 mL', '5 mL', '15 mL', '50 mL', '100 mL', '250 mL', '500 mL', '1 L', 'S', 'M', 'L', '90 mm', '0.22 µm', '0.45 µm', '100/box', '500/bag', '96-well', '24-well'];
const COMMS = ['WeChat group', 'email', 'phone', '微信群', '电话联系', '邮件', '到货通知', 'Contact supplier', '加急', '常规'];

export interface BenchData {
  users: { id: number; name: string }[];
  pools: Record<string, string[]>;
}

export function generateLab(lab: Db, scale: number, rand: () => number): BenchData {
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const chems = fs
    .readFileSync(chemicalsFile(), 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((l) => {
      const [cas, , name, , syn] = l.split('\t');
      return { cas: cas!, names: [name!, ...(syn ?? '').split('|').filter(Boolean)] };
    });
  const people: string[] = [...EN_PEOPLE];
  for (const s of SURNAMES) for (const g of GIVEN) people.push(s + g);
  const users: { id: number; name: string }[] = [];
  const insUser = lab.prepare("INSERT INTO users(username, display_name, role, password_hash) VALUES (?, ?, 'member', 'x')");
  const locations: string[] = [];
  for (const b of ['A', 'B', 'C']) for (let room = 101; room <= 140; room++) for (let cab = 1; cab <= 12; cab++) locations.push(`${b}${room} Cabinet ${cab}`);
  for (let i = 0; i < 400; i++) locations.push(`${pick(['冰箱', '通风橱', '试剂柜', '防爆柜', '干燥器'])}${1 + (i % 20)}-${1 + Math.floor(i / 20)}层`);
  const chemName = () => {
    if (rand() < 0.12) return pick(CN_CHEM) + (rand() < 0.3 ? '（分析纯）' : '');
    const c = pick(chems);
    return rand() < 0.7 ? c.names[0]! : pick(c.names);
  };
  lab.transaction(() => {
    for (const p of people) users.push({ id: Number(insUser.run(`u${users.length}`, p).lastInsertRowid), name: p });
    const nInv = Math.round(110_000 * scale);
    const nRea = Math.round(60_000 * scale);
    const nCon = Math.round(37_500 * scale);
    const inv = lab.prepare('INSERT INTO inventory_items(name, cas_number, storage_location, brand, category, quantity, status) VALUES (?,?,?,?,?,1,?)');
    const invStatus = ['in_stock', 'in_stock', 'in_stock', 'borrowed', 'consumed', 'disposed'];
    for (let i = 0; i < nInv; i++) {
      const c = pick(chems);
      inv.run(rand() < 0.85 ? chemName() : pick(c.names), c.cas, pick(locations), pick(BRANDS), pick(CATEGORIES), pick(invStatus));
    }
    const rea = lab.prepare('INSERT INTO reagent_orders(name, cas_number, brand, category, quantity, applicant_id, status) VALUES (?,?,?,?,1,?,?)');
    const reaStatus = ['pending_approval', 'approved', 'arrived', 'stocked_in', 'stocked_in', 'rejected'];
    for (let i = 0; i < nRea; i++) rea.run(chemName(), pick(chems).cas, pick(BRANDS), pick(CATEGORIES), pick(users).id, pick(reaStatus));
    const con = lab.prepare('INSERT INTO consumable_orders(name, specification, communication, quantity, applicant_id, status) VALUES (?,?,?,1,?,?)');
    const conStatus = ['pending_approval', 'approved', 'completed', 'completed', 'rejected'];
    for (let i = 0; i < nCon; i++) con.run(pick(CONSUMABLES), pick(SPECS), pick(COMMS), pick(users).id, pick(conStatus));
  })();
  const names = chems.flatMap((c) => c.names.slice(0, 3)).concat(CN_CHEM);
  return {
    users,
    pools: {
      '/inventory/': [...names, ...chems.map((c) => c.cas), ...BRANDS, ...locations, ...CATEGORIES],
      '/reagent-orders/': [...names, ...chems.map((c) => c.cas), ...BRANDS, ...people, ...CATEGORIES],
      '/consumable-orders/': [...CONSUMABLES, ...SPECS, ...COMMS, ...people],
    },
  };
}

/** Search memory of the spec's full size: 5000 global records per endpoint, the rest per user (≤ 1000 each). */
export function generateMemory(db: Db, data: BenchData, total: number, now: number, rand: () => number): number[] {
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const eps = Object.keys(data.pools);
  const ins = db.prepare(
    "INSERT OR IGNORE INTO search_memory(user_id, endpoint, field, norm, query, frequency, last_used_at, accept_count, reject_count, rank_key) VALUES (?,?,'all',?,?,?,?,?,?,?)",
  );
  const put = (userId: number, ep: string) => {
    const text = pick(data.pools[ep]!);
    const q = rand() < 0.3 ? Array.from(text).slice(0, 3 + Math.floor(rand() * 6)).join('') : text;
    const norm = normalizeSearchTerm(q);
    if (!norm) return 0;
    const f = 1 + Math.floor(-Math.log(1 - rand()) * 4);
    const last = now - Math.floor(rand() * 200 * DAY_MS);
    const a = rand() < 0.2 ? Math.floor(rand() * 5) : 0;
    const r = rand() < 0.1 ? Math.floor(rand() * 3) : 0;
    return ins.run(userId, ep, norm, q, f, last, a, r, memoryRankKey(f, last, a, r)).changes;
  };
  const memUsers: number[] = [];
  let n = 0;
  db.transaction(() => {
    const globalPer = Math.min(5000, Math.round(total * 0.05));
    for (const ep of eps) for (let i = 0, guard = 0; i < globalPer && guard < globalPer * 5; guard++) i += put(0, ep);
    n = (db.prepare('SELECT count(*) AS n FROM search_memory').get() as { n: number }).n;
    for (const u of data.users) {
      if (n >= total) break;
      memUsers.push(u.id);
      for (let i = 0, guard = 0; i < 990 && n < total && guard < 5000; guard++) {
        const c = put(u.id, pick(eps));
        i += c;
        n += c;
      }
    }
  })();
  return memUsers;
}

export interface Probe {
  endpoint: string;
  q: string;
  userId: number;
}

/** ≥ 5000 realistic prefixes (1–8 characters of real candidate values) plus every one-character prefix. */
export function prefixes(data: BenchData, users: number[], count: number, rand: () => number): Probe[] {
  const pick = <T>(a: readonly T[]) => a[Math.floor(rand() * a.length)]!;
  const out: Probe[] = [];
  const eps = Object.keys(data.pools);
  const singles = new Set<string>([...'abcdefghijklmnopqrstuvwxyz0123456789', ...CN_CHEM.map((c) => c[0]!), ...SURNAMES]);
  for (const ep of eps) for (const ch of singles) out.push({ endpoint: ep, q: ch, userId: pick(users) });
  while (out.length < count) {
    const ep = pick(eps);
    const text = pick(data.pools[ep]!);
    const len = 1 + Math.floor(rand() * 8);
    const q = Array.from(text).slice(0, len).join('');
    if (q.includes(' ') || !normalizeSearchTerm(q)) continue; // the client sends no request for these
    out.push({ endpoint: ep, q, userId: pick(users) });
  }
  // Shuffle so one-character prefixes are spread through the run.
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}
