// Operations on the location tree (building › room › cabinet › shelf): list, create, rename, move, delete.
import type { OperationDef } from './define';

export const locationOps = {} satisfies Record<string, OperationDef>;
