// In-process event bus for push events; the IPC shell and the SSE route both subscribe to it.
import { EventEmitter } from 'node:events';
import type { LabEvent } from '../shared/events';

export class EventBus {
  private readonly emitter = new EventEmitter();
  constructor() {
    this.emitter.setMaxListeners(0);
  }
  emit(event: LabEvent): void {
    this.emitter.emit('event', event);
  }
  subscribe(listener: (event: LabEvent) => void): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
