import { expect } from 'chai';
import type { ReadModelStore } from './read-model-store';

/**
 * The lease every read-model adapter must keep (one active instance of a reactor among
 * processes), run by readModelStoreContract on the store of each test.
 */
export function leaseContract(current: () => ReadModelStore): void {
  describe('leases (one active instance of a reactor)', () => {
    it('gives a free lease to the first holder, renews it for that holder, and refuses the others while it runs', async () => {
      expect(await current().acquireLease('mails', 'a', 10_000)).to.equal(true);
      expect(await current().acquireLease('mails', 'a', 10_000)).to.equal(true);
      expect(await current().acquireLease('mails', 'b', 10_000)).to.equal(false);
      expect(await current().acquireLease('renditions', 'b', 10_000)).to.equal(true);
    });

    it('lets another holder take a lease that ran out, and the first one then has it no longer', async () => {
      expect(await current().acquireLease('mails', 'a', 50)).to.equal(true);
      await sleep(120);
      expect(await current().acquireLease('mails', 'b', 10_000)).to.equal(true);
      expect(await current().acquireLease('mails', 'a', 10_000)).to.equal(false);
    });

    it('frees a lease its holder gives up, and ignores a give-up by someone else', async () => {
      expect(await current().acquireLease('mails', 'a', 10_000)).to.equal(true);
      await current().releaseLease('mails', 'b');
      expect(await current().acquireLease('mails', 'b', 10_000)).to.equal(false);
      await current().releaseLease('mails', 'a');
      expect(await current().acquireLease('mails', 'b', 10_000)).to.equal(true);
    });

    it('gives a free lease to exactly one of many holders at once', async () => {
      const won = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((holder) => current().acquireLease('race', holder, 10_000)));
      expect(won.filter(Boolean)).to.have.length(1);
    });
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
