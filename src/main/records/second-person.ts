// The second person of a two-person action (双人双锁) on a controlled chemical: another active
// member or admin confirms with their own username and password in the same dialog. Returns the
// confirming user's id for the movement's `second_user_id`; every refusal is a 400 naming the
// field, and changes nothing (it runs before the action's writes).
import type { Db } from '../db/open';
import { fieldInvalid } from '../../shared/errors';
import { verifyPassword } from '../auth/passwords';
import { userStore } from '../stores/user-store';

export interface SecondPersonInput {
  username: string;
  password: string;
}

const FIELD = 'second_person.username';

export function confirmSecondPerson(db: Db, actorId: number, input: SecondPersonInput | undefined): number {
  if (!input) throw fieldInvalid(FIELD, 'field.secondPersonRequired');
  const row = userStore(db).byUsername(input.username);
  // Unknown user and wrong password read the same (as at login): the dialog must not reveal accounts.
  if (!row || !verifyPassword(input.password, row.password_hash)) throw fieldInvalid('second_person.password', 'field.secondPersonWrong');
  if (row.id === actorId) throw fieldInvalid(FIELD, 'field.secondPersonSelf');
  if (row.role === 'public') throw fieldInvalid(FIELD, 'field.secondPersonPublic');
  if (row.active !== 1) throw fieldInvalid(FIELD, 'field.secondPersonInactive');
  return row.id;
}
