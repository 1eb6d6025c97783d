// The auth room: accounts, passwords and sessions.
import type { LabData } from '../stores/lab-data';
import { AuthService } from './auth-service';

export function wire(deps: { data: LabData }): AuthService {
  return new AuthService(deps.data);
}
