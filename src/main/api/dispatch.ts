// The one entry both transports call: look up the operation, check access, validate the input
// with the contract's schema, run the handler, and turn every failure into an error body.
import { ZodError } from 'zod';
import { contract, type Access, type OperationName } from '../../shared/contract';
import { AppError, zodToAppError, type ApiErrorBody, type Envelope } from '../../shared/errors';
import type { UserInfo } from '../../shared/contract';
import { DatabaseUnavailableError } from '../db/pg/errors';
import type { Logger } from '../logging';
import type { CallContext, SessionHolder, SessionLookup } from './context';
import type { HandlerTable } from './handler-table';

function checkAccess(access: Access, user: UserInfo | null): void {
  if (access === 'none') return;
  if (!user) throw new AppError('unauthorized', 'auth.loginRequired');
  if (access === 'member' && user.role === 'public') throw new AppError('forbidden', 'auth.publicReadOnly');
  if (access === 'admin' && user.role !== 'admin') throw new AppError('forbidden', 'auth.adminOnly');
}

export interface Dispatcher {
  call(name: string, rawInput: unknown, session: SessionHolder, transport: 'ipc' | 'http'): Promise<Envelope<unknown>>;
}

export function createDispatcher(handlers: HandlerTable, userForToken: SessionLookup, log: Logger, dataDir: string): Dispatcher {
  return {
    async call(name, rawInput, session, transport) {
      try {
        if (!Object.hasOwn(contract, name)) throw new AppError('not_found', 'api.unknownOperation', { name });
        const def = contract[name as OperationName];
        const user = await userForToken(session.token);
        checkAccess(def.access, user);
        const parsed = def.input.safeParse(rawInput ?? {});
        if (!parsed.success) throw zodToAppError(parsed.error);
        const ctx: CallContext = { user, session, transport };
        const handler = handlers[name as OperationName] as (input: unknown, ctx: CallContext) => unknown;
        const value = await handler(parsed.data, ctx);
        return { ok: true, value };
      } catch (e) {
        return { ok: false, error: toErrorBody(e, log, name, dataDir) };
      }
    },
  };
}

/** Error codes of a write that failed for want of space (SQLite's and the file system's). */
const DISK_FULL_CODES = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);

export function toErrorBody(e: unknown, log: Logger, name: string, dataDir: string): ApiErrorBody {
  // The database server went away (503): worth a warning with the driver's reason, not a stack.
  if (e instanceof DatabaseUnavailableError) {
    log.warn({ op: name, err: String(e.cause) }, 'database unavailable');
    return e.toBody();
  }
  if (e instanceof AppError) return e.toBody();
  if (e instanceof ZodError) return zodToAppError(e).toBody();
  const code = (e as { code?: string })?.code;
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED') {
    log.warn({ op: name, err: String(e) }, 'database busy');
    return new AppError('unavailable', 'api.busy').toBody();
  }
  if (code && DISK_FULL_CODES.has(code)) {
    log.warn({ op: name, err: String(e) }, 'disk full');
    return new AppError('disk_full', 'data.diskFull', { path: dataDir }).toBody();
  }
  log.error({ op: name, err: e instanceof Error ? { message: e.message, stack: e.stack } : String(e) }, 'operation failed');
  return new AppError('internal', 'api.internal').toBody();
}
