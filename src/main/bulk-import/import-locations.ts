// The location texts of an import against the location tree, before anything is created: a lab
// writes "301室试剂柜A第2层" for 化学楼 › 301室 › 试剂柜A › 第2层, or only "冰箱 4℃". Each text is
// matched by its full path, by the lower path segments written together (separators and spaces
// left out), or by a unique last segment; several nodes matching equally well is no match (the
// user picks among them; src/main/locations/location-match.ts). The wizard then confirms each match, picks a node, or agrees to a new
// node under a parent it picks; the commit writes what was decided (import-write.child.ts).
import { AppError, fieldError } from '../../shared/errors';
import type { ImportLocationChoice, ImportLocationText } from '../../shared/records';
import type { Db } from '../db/open';
import type { LabReads } from '../stores/lab-data';
import { locationStore } from '../stores/location-store';
import { LOCATION_SEPARATOR } from '../../shared/stock';

/** Where each text goes in the commit: an existing node, or a new one under `parent_id`. */
export type ImportPlace = { location_id: number } | { create: true; parent_id: number | null };
export type ImportPlaces = Record<string, ImportPlace>;

function refuse(key: 'import.locationUndecided' | 'import.locationGone', params: { text: string; id?: number }): AppError {
  return new AppError('validation', key, params, { fields: fieldError('locations', key, params) });
}

/**
 * The commit's place for each text: the user's choice; else (no choices sent at all: an API caller
 * from before) the match, or a new top-level node. Choices sent but one text left out → refused
 * naming it; a chosen node that no longer exists (read in the open unit `r`) → refused. The writer
 * checks the nodes again in its own transaction (placeOf).
 */
export async function decidePlaces(r: Pick<LabReads, 'locations'>, matched: ImportLocationText[], choices: ImportLocationChoice[] | undefined): Promise<ImportPlaces> {
  const chosen = new Map((choices ?? []).map((c) => [c.text, c]));
  const places: ImportPlaces = {};
  for (const m of matched) {
    const c = chosen.get(m.text);
    let place: ImportPlace;
    if (c && 'location_id' in c) place = { location_id: c.location_id };
    else if (c) place = { create: true, parent_id: c.parent_id };
    else if (choices && !m.match) throw refuse('import.locationUndecided', { text: m.text });
    else place = m.match ? { location_id: m.match.id } : { create: true, parent_id: null };
    const node = 'location_id' in place ? place.location_id : place.parent_id;
    if (node !== null && (await r.locations.pathOf(node)) === undefined) throw refuse('import.locationGone', { text: m.text, id: node });
    places[m.text] = place;
  }
  return places;
}

/**
 * The node a text goes to in the commit (inside the import writer's transaction, on its own
 * connection): the chosen node; or a new node named by the text under the chosen parent — the node
 * already there when one has that path, never a second one; or, for a text nobody decided (past
 * MAX_LOCATION_TEXTS), the node with that path, else a new top-level node.
 */
export function placeOf(db: Db, text: string, place: ImportPlace | undefined): { location_id: number | null; storage_location: string } {
  const name = text.trim();
  if (!name) return { location_id: null, storage_location: '' };
  const locations = locationStore(db);
  if (place && 'location_id' in place) {
    const path = locations.pathOf(place.location_id);
    if (path === undefined) throw refuse('import.locationGone', { text, id: place.location_id });
    return { location_id: place.location_id, storage_location: path };
  }
  const parentId = place?.parent_id ?? null;
  const parentPath = parentId === null ? null : locations.pathOf(parentId);
  if (parentPath === undefined) throw refuse('import.locationGone', { text, id: parentId! });
  const path = parentPath === null ? name : `${parentPath}${LOCATION_SEPARATOR}${name}`;
  const found = locations.idByPath(path);
  if (found !== undefined) return { location_id: found, storage_location: path };
  const id = locations.insert(parentId, name, path);
  return { location_id: id, storage_location: path };
}
