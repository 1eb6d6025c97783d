// The one error of backup, restore and move: a refusal or failure the user can act on, carrying its
// message key and params (the renderer words it). It crosses the fs worker by name (fs-worker.ts).
import { msg, type Message, type MessageKey, type MessageParams } from '../../shared/messages';

export class BackupError extends Error {
  readonly msg: Message;
  constructor(key: MessageKey, params: MessageParams = {}) {
    const m = msg(key, params);
    super(m.message);
    this.name = 'BackupError';
    this.msg = m;
  }
  static of(m: Message): BackupError {
    return new BackupError(m.key, m.params);
  }
}
