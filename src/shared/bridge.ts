// The object the preload exposes as `window.labApi`: one function per contract operation
// (generated from the contract, never a generic invoke) plus the push-event subscription.
import type { OperationName, OpInput, OpOutput } from './contract';
import type { Envelope } from './errors';
import type { LabEvent } from './events';

export const IPC_PREFIX = 'api:';

export type BridgeOps = { [N in OperationName]: (input: OpInput<N>) => Promise<Envelope<OpOutput<N>>> };

export interface LabBridge {
  ops: BridgeOps;
  onEvent(listener: (event: LabEvent) => void): () => void;
}
