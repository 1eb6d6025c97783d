// Operations on stocktakes (盘点) of a location subtree: start, scan/tick, count, close with
// adjustments, the report.
import type { OperationDef } from './define';

export const stocktakeOps = {} satisfies Record<string, OperationDef>;
