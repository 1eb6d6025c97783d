// The typed bridge: exposes exactly the contract's operations through contextBridge.
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { contract, operationNames } from '../shared/contract';
import { IPC_PREFIX, PRINT_CHANNEL, type LabBridge } from '../shared/bridge';
import { EVENT_CHANNEL, type LabEvent } from '../shared/events';

const ops: Record<string, (input: unknown) => Promise<unknown>> = {};
for (const name of operationNames) {
  if (contract[name].httpOnly) continue;
  ops[name] = (input: unknown) => ipcRenderer.invoke(IPC_PREFIX + name, input);
}

const bridge: LabBridge = {
  ops: ops as LabBridge['ops'],
  onEvent(listener) {
    const wrapped = (_e: IpcRendererEvent, event: LabEvent) => listener(event);
    ipcRenderer.on(EVENT_CHANNEL, wrapped);
    return () => ipcRenderer.off(EVENT_CHANNEL, wrapped);
  },
  print: (request) => ipcRenderer.invoke(PRINT_CHANNEL, request),
};

contextBridge.exposeInMainWorld('labApi', bridge);
