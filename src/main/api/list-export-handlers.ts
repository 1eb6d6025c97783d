// Handler for the list export (the records contract's exportList): the room writes the file, the
// transport delivers and removes it.
import type { HandlerTable } from './handler-table';
import type { ListExport } from '../list-export';

export interface ListExportHandlerDeps {
  listExport: ListExport;
}

export function listExportHandlers(s: ListExportHandlerDeps): Pick<HandlerTable, 'exportList'> {
  return { exportList: (input) => s.listExport.export(input) };
}
