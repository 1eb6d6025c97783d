// How people write a place, matched against the location tree: by its full path, by the lower
// path segments written together (separators and spaces left out: "301室试剂柜A第2层" for
// 化学楼 › 301室 › 试剂柜A › 第2层), or by a unique last segment ("冰箱 4℃"). Several nodes matching
// equally well is no match: the person picks among the candidates. Used by the bulk import's
// location step and by a stock-in given a place as text; neither creates a node from it.
import type { ImportLocationMatchBy, ImportLocationText } from '../../shared/records';
import { LOCATION_SEPARATOR } from '../../shared/stock';

interface Node {
  id: number;
  path: string;
}

const RANK: Record<ImportLocationMatchBy, number> = { path: 0, segments: 1, last: 2 };
const CANDIDATES_SHOWN = 8;

/** Text compared without case, width, spaces or separators (›, >, /, \, |, 、, commas, ·). */
export function squashPlace(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s›>/\\|、,，·]+/g, '');
}

/** Every way a node can be written: its whole path, each lower run of segments, its last segment. */
function keysOf(nodes: Node[]): Map<string, Array<Node & { by: ImportLocationMatchBy }>> {
  const keys = new Map<string, Array<Node & { by: ImportLocationMatchBy }>>();
  for (const n of nodes) {
    const segs = n.path.split(LOCATION_SEPARATOR);
    for (let j = 0; j < segs.length; j++) {
      const by: ImportLocationMatchBy = j === 0 ? 'path' : j === segs.length - 1 ? 'last' : 'segments';
      const key = squashPlace(segs.slice(j).join(''));
      if (!key) continue;
      const list = keys.get(key) ?? [];
      list.push({ ...n, by });
      keys.set(key, list);
    }
  }
  return keys;
}

/** Matches each text (with its row count) against the nodes of the tree (a store's `all()`). */
export function matchAgainst(nodes: Parameters<typeof keysOf>[0], texts: Array<{ text: string; rows: number }>): ImportLocationText[] {
  const keys = keysOf(nodes);
  return texts.map(({ text, rows }) => {
    const found = keys.get(squashPlace(text)) ?? [];
    const best = Math.min(...found.map((f) => RANK[f.by]));
    const top = found.filter((f) => RANK[f.by] === best);
    if (top.length === 1) return { text, rows, match: { id: top[0]!.id, path: top[0]!.path, by: top[0]!.by }, candidates: [] };
    return { text, rows, match: null, candidates: top.slice(0, CANDIDATES_SHOWN).map(({ id, path }) => ({ id, path })) };
  });
}
