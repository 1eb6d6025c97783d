// The second person of a two-person action (双人双锁) on a controlled chemical: another active
// member or admin confirms with their own username and password in the same dialog. Returns the
// confirming user's id for the movement's `second_user_id`; every refusal is a 400 naming the
// field, and changes nothing (it runs before the action's write unit, outside any unit).
import { fieldError, fieldInvalid, fieldsInvalid, type AppError, type FieldError } from '../../shared/errors';
import { checkPassword } from '../auth/passwords';
import type { LabData } from '../stores/lab-data';

export interface SecondPersonInput {
  username: string;
  password: string;
}

const FIELD = 'second_person.username';

/**
 * No second person given: named as the whole (`second_person`, what an API caller left out) and as
 * its username (the dialog's field), so both read which field is missing.
 */
export function secondPersonMissingFields(): Record<string, FieldError> {
  return { ...fieldError('second_person', 'field.secondPersonRequired'), ...fieldError(FIELD, 'field.secondPersonRequired') };
}

export function secondPersonMissing(): AppError {
  return fieldsInvalid(secondPersonMissingFields());
}

/** Call outside any unit: the user is read in a read unit of its own, then the password is hashed with no unit open. */
export async function confirmSecondPerson(data: Pick<LabData, 'read'>, actorId: number, input: SecondPersonInput | undefined): Promise<number> {
  if (!input) throw secondPersonMissing();
  const row = await data.read((r) => r.users.byUsername(input.username));
  // Unknown user and wrong password read the same (as at login), and cost the same scrypt work on
  // the thread pool (an unknown name is checked against the dummy hash): the dialog must not
  // reveal accounts, by its words or by its time, and the event loop keeps serving meanwhile.
  const matches = await checkPassword(input.password, row?.password_hash);
  if (!row || !matches) throw fieldInvalid('second_person.password', 'field.secondPersonWrong');
  if (row.id === actorId) throw fieldInvalid(FIELD, 'field.secondPersonSelf');
  if (row.role === 'public') throw fieldInvalid(FIELD, 'field.secondPersonPublic');
  if (row.active !== 1) throw fieldInvalid(FIELD, 'field.secondPersonInactive');
  return row.id;
}
