import { tell, type Notifier, type NotifierListener } from './notifier';

/** The embedded mode's notifier: one process, so a message goes straight to its listeners. */
export class InProcessNotifier implements Notifier {
  readonly maxPayloadBytes = 1024 * 1024;
  readonly describe = 'in-process';
  private readonly listeners = new Set<NotifierListener>();

  async publish(payload: string): Promise<void> {
    for (const listener of [...this.listeners]) tell(listener, (l) => l.message(payload));
  }

  async subscribe(listener: NotifierListener): Promise<() => Promise<void>> {
    this.listeners.add(listener);
    tell(listener, (l) => l.connected());
    return async () => {
      this.listeners.delete(listener);
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
  }
}
