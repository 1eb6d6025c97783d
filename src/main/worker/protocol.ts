// Messages between the main process and the maintenance worker (utilityProcess / child_process).
export type WorkerRequest = { id?: number } & ({ type: 'health' } | { type: 'shutdown' });

export type WorkerResponse =
  | { type: 'health'; id?: number; pid: number; uptimeMs: number }
  | { type: 'log'; level: 'info' | 'warn' | 'error'; message: string; data?: Record<string, unknown> }
  | { type: 'error'; id?: number; message: string };
