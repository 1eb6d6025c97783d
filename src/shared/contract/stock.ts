// Operations on the stock ledger: amounts that move (use, borrow, return, dispose, adjust, move, split) and an item's movements.
import type { OperationDef } from './define';

export const stockOps = {} satisfies Record<string, OperationDef>;
