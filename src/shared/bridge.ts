// The object the preload exposes as `window.labApi`: one function per contract operation
// (generated from the contract, never a generic invoke), the push-event subscription and printing.
import type { OperationName, OpInput, OpOutput } from './contract';
import type { Envelope } from './errors';
import type { LabEvent } from './events';
import type { PrintRequest, PrintResult } from './labels';

export const IPC_PREFIX = 'api:';
/** The one shell channel outside the contract: print the calling page (labels) with the system dialog. */
export const PRINT_CHANNEL = 'shell:print';

export type BridgeOps = { [N in OperationName]: (input: OpInput<N>) => Promise<Envelope<OpOutput<N>>> };

export interface LabBridge {
  ops: BridgeOps;
  onEvent(listener: (event: LabEvent) => void): () => void;
  /** Prints the calling page (Electron webContents.print, the system print dialog). */
  print(request: PrintRequest): Promise<PrintResult>;
}
