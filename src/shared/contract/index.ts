// The one API contract: every operation the renderer may call, merged from the domain files.
// Both transports (IPC in the desktop app, HTTP under /api in browser mode) are generated from it.
import type { z } from 'zod';
import { authOps } from './auth';
import { recordsOps } from './records';
import { cartOps } from './cart';
import { completionOps } from './completion';
import { dataOps } from './data';
import { auditOps } from './audit';
import { stockOps } from './stock';
import { locationOps } from './locations';
import { dashboardOps } from './dashboard';
import { controlledOps } from './controlled';
import { labelOps } from './labels';
import { stocktakeOps } from './stocktake';
import { notificationOps } from './notifications';
import { referenceOps } from './reference';
import type { OperationDef } from './define';

export const contract = {
  ...authOps,
  ...recordsOps,
  ...cartOps,
  ...completionOps,
  ...dataOps,
  ...auditOps,
  ...stockOps,
  ...locationOps,
  ...dashboardOps,
  ...controlledOps,
  ...labelOps,
  ...stocktakeOps,
  ...notificationOps,
  ...referenceOps,
} satisfies Record<string, OperationDef>;

export type Contract = typeof contract;
export type OperationName = keyof Contract;
export type OpInput<N extends OperationName> = z.input<Contract[N]['input']>;
export type OpParsed<N extends OperationName> = z.output<Contract[N]['input']>;
export type OpOutput<N extends OperationName> = Contract[N]['output'];

export const operationNames = Object.keys(contract) as OperationName[];

export * from './define';
export * from './auth';
export * from './completion';
export * from './cart';
