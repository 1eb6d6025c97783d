// Operations on container labels: a PDF of labels (QR code with the `LAB1:<id>` payload, names,
// CAS, specification, lot, expiry, location, GHS, controlled category) in several sizes.
import type { OperationDef } from './define';

export const labelOps = {} satisfies Record<string, OperationDef>;
