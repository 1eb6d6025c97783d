// The notification centre (README.md). The composition root hands `orderChanged` of what `wire`
// answers to the records room as its order listener.
import { NotificationService, type NotificationDeps } from './notification-service';

export function wire(deps: NotificationDeps): NotificationService {
  return new NotificationService(deps);
}
