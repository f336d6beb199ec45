import { expect } from 'chai';
import type { Notifier, NotifierListener } from './notifier';

/** Two notifiers on the same channel, as two processes would open them (the same one in-process). */
export interface NotifierPair {
  a: Notifier;
  b: Notifier;
  /** Breaks every subscription connection from the server side (engines with connections only). */
  breakSubscriptions?: () => Promise<void>;
  close(): Promise<void>;
}

class Recorder implements NotifierListener {
  readonly messages: string[] = [];
  connections = 0;
  message(payload: string) {
    this.messages.push(payload);
  }
  connected() {
    this.connections++;
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** What every notifier adapter must do (see notifier.ts). */
export function notifierContract(name: string, open: () => Promise<NotifierPair>, options: { reconnects: boolean }): void {
  describe(`${name} notifier (contract)`, function () {
    this.timeout(20_000);
    let pair: NotifierPair;
    beforeEach(async () => {
      pair = await open();
    });
    afterEach(async () => {
      await pair.close();
    });

    it('tells every subscriber, of every notifier on the channel, each message in the order sent', async () => {
      const first = new Recorder();
      const second = new Recorder();
      await pair.a.subscribe(first);
      await pair.b.subscribe(second);
      await pair.a.publish('one');
      await pair.b.publish('two');
      await until(() => first.messages.length === 2 && second.messages.length === 2, 'both have both messages');
      expect(first.messages).to.deep.equal(['one', 'two']);
      expect(second.messages).to.deep.equal(['one', 'two']);
    });

    it('says connected once the subscription is live, so a message published right after is heard', async () => {
      const listener = new Recorder();
      await pair.b.subscribe(listener);
      expect(listener.connections).to.equal(1);
      await pair.a.publish('right after');
      await until(() => listener.messages.length === 1, 'the message arrived');
    });

    it('carries a message of nearly its maximum size unchanged', async () => {
      const listener = new Recorder();
      await pair.b.subscribe(listener);
      const payload = JSON.stringify({ tags: Array.from({ length: 200 }, (_, i) => `page:${'x'.repeat(20)}-${i}-é`) }).slice(0, Math.min(pair.a.maxPayloadBytes, 7_000) - 10);
      await pair.a.publish(payload);
      await until(() => listener.messages.length === 1, 'the message arrived');
      expect(listener.messages[0]).to.equal(payload);
    });

    it('tells nothing to a listener that has unsubscribed', async () => {
      const gone = new Recorder();
      const stays = new Recorder();
      const unsubscribe = await pair.b.subscribe(gone);
      await pair.b.subscribe(stays);
      await unsubscribe();
      await pair.a.publish('after');
      await until(() => stays.messages.length === 1, 'the remaining listener heard it');
      expect(gone.messages).to.deep.equal([]);
    });

    // An in-process notifier has no connection to lose.
    if (!options.reconnects) return;
    it('says connected again after its connection broke, and hears messages again', async () => {
      const listener = new Recorder();
      await pair.b.subscribe(listener);
      await pair.breakSubscriptions!();
      await until(() => listener.connections >= 2, 'the subscription is back');
      await pair.a.publish('after the break');
      await until(() => listener.messages.includes('after the break'), 'the message arrived');
    });
  });
}
