// The handler table's type: one function per contract operation. Its mapped type makes a missing
// handler a compile error where the table is composed (api/handlers.ts).
import type { OperationName, OpOutput, OpParsed } from '../../shared/contract';
import type { CallContext } from './context';

export type Handler<N extends OperationName> = (input: OpParsed<N>, ctx: CallContext) => OpOutput<N> | Promise<OpOutput<N>>;
export type HandlerTable = { [N in OperationName]: Handler<N> };
