// The handler table: one function per contract operation, composed from the domain handler files.
// Its type makes a missing handler a compile error.
import type { CallContext } from './context';
import type { OperationName, OpOutput, OpParsed } from '../../shared/contract';
import type { AppServices } from '../app-services';
import { authHandlers } from './auth-handlers';
import { dataHandlers } from './data-handlers';
import { recordsHandlers } from './records-handlers';
import { cartHandlers } from './cart-handlers';
import { completionHandlers } from './completion-handlers';

export type Handler<N extends OperationName> = (input: OpParsed<N>, ctx: CallContext) => OpOutput<N> | Promise<OpOutput<N>>;
export type HandlerTable = { [N in OperationName]: Handler<N> };

export function createHandlers(s: AppServices): HandlerTable {
  return {
    ...authHandlers(s),
    ...dataHandlers(s),
    ...recordsHandlers(s),
    ...cartHandlers(s),
    ...completionHandlers(s),
  };
}
