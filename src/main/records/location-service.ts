// The location tree: admins create, rename, move and delete nodes; an item points to one node and
// keeps its path as searchable text (location-tree.ts keeps the two in step on every write path).
import type { RecordsDeps } from './deps';

export class LocationService {
  constructor(readonly d: RecordsDeps) {}
}
