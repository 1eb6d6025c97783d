// Operations on controlled chemicals: the categories and their CAS lists (list, import, export,
// edit) and the controlled ledger export per category and date range.
import { op, returns, type OperationDef } from './define';
import { empty } from './common';
import type { ControlledCategory } from '../controlled';

export const controlledOps = {
  listControlledLists: op({ method: 'GET', path: '/controlled-lists', access: 'user', input: empty, output: returns<ControlledCategory[]>() }),
} satisfies Record<string, OperationDef>;
