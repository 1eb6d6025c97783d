// Where an item is: every write path that sets an item's location goes through here, inside its
// unit of work (docs/stores.md), so `location_id` and the searchable path text `storage_location`
// always agree. A location given as text (older API clients, the cart import's stock-in) is the
// node with that path, created as a new root node when there is none — as the upgrade to v7 did
// with free text.
import { fieldInvalid } from '../../shared/errors';
import type { LabReads, LabWrites } from '../stores/lab-data';
import { matchAgainst } from './location-match';

export interface ResolvedLocation {
  location_id: number | null;
  storage_location: string;
}

type Reads = LabReads['locations'];
type Writes = LabWrites['locations'];

/** The node `id` (refused with a field error when it does not exist). */
export async function locationById(locs: Reads, id: number): Promise<ResolvedLocation> {
  const path = await locs.pathOf(id);
  if (path === undefined) throw fieldInvalid('location_id', 'field.noSuchRecord');
  return { location_id: id, storage_location: path };
}

/** The node whose path is `text`, created as a root node when missing; empty text is no location. */
export async function locationByText(locs: Writes, text: string): Promise<ResolvedLocation> {
  const path = text.trim();
  if (!path) return { location_id: null, storage_location: '' };
  const found = await locs.idByPath(path);
  if (found !== undefined) return { location_id: found, storage_location: path };
  return { location_id: await locs.insert(null, path, path), storage_location: path };
}

/**
 * An existing node for a place written as text (a stock-in: its person picks from the tree, a script
 * may send the text): by path, by its segments written together, or by a unique last segment. A
 * text that matches nothing or several nodes is refused naming `storage_location`; nothing is created.
 */
export async function existingLocation(locs: Reads, text: string): Promise<ResolvedLocation> {
  const [m] = matchAgainst(await locs.all(), [{ text: text.trim(), rows: 1 }]);
  if (!m?.match) {
    const candidates = (m?.candidates ?? []).map((c) => c.path).join('; ');
    throw fieldInvalid('storage_location', candidates ? 'location.ambiguous' : 'location.noMatch', { text: text.trim(), candidates });
  }
  return { location_id: m.match.id, storage_location: m.match.path };
}

/** An item's location from its input: `location_id` wins over the text; undefined when neither is given. */
export async function resolveLocation(locs: Writes, input: { location_id?: number | null; storage_location?: string }): Promise<ResolvedLocation | undefined> {
  if (input.location_id != null) return locationById(locs, input.location_id);
  if (input.location_id === null) return { location_id: null, storage_location: '' };
  if (input.storage_location !== undefined) return locationByText(locs, input.storage_location);
  return undefined;
}

/** The ids of node `id` and every node below it (empty when there is no such node). */
export function subtreeIds(locs: Reads, id: number): Promise<number[]> {
  return locs.subtreeIds(id);
}
