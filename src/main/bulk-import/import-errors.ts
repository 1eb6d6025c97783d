// The refusal of a whole import file, shared by the readers (import-parse.ts, xlsx-read.ts) and the
// worker's parent (import-worker.ts).
import { AppError, type ErrorCode } from '../../shared/errors';
import { msg, type MessageKey, type MessageParams } from '../../shared/messages';

/** A refusal of the whole file: the same sentence as the `file` field's error. */
export function fileError(code: ErrorCode, key: MessageKey, params: MessageParams = {}): AppError {
  return new AppError(code, key, params, { fields: { file: msg(key, params) } });
}
