import { expect } from 'chai';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';
import type { Mailer } from './mailer';

/**
 * The behaviour every Mailer adapter must show. `open` gives a fresh mailer for each test,
 * `delivered` the raw RFC 822 messages that reached their destination so far (in order), and a
 * `cleanup` that releases everything it made.
 */
export function mailerContract(
  adapterName: string,
  options: { from: { name: string; address: string } },
  open: () => Promise<{ mailer: Mailer; delivered: () => Promise<Buffer[]>; cleanup: () => Promise<void> }>,
): void {
  describe(`mailer contract: ${adapterName}`, () => {
    let mailer: Mailer;
    let delivered: () => Promise<Buffer[]>;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ mailer, delivered, cleanup } = await open());
    });

    afterEach(async () => {
      await cleanup();
    });

    const parsedMessages = async (): Promise<ParsedMail[]> => Promise.all((await delivered()).map((raw) => simpleParser(raw)));
    const addresses = (field: AddressObject | AddressObject[] | undefined) =>
      (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address));

    describe('when a text message is sent', () => {
      it('delivers it with its recipient, subject, sender and body', async () => {
        const text = 'Hello Zoë,\n\nactivate your account: https://cms.example.com/cmsadmin/activate-account?token=abc_123-XYZ\n\n— Pagelog';
        await mailer.send({ to: 'zoe@example.com', subject: 'Activate your Pagelog account ✓', text });

        const [mail, ...rest] = await parsedMessages();
        expect(rest).to.have.length(0);
        expect(addresses(mail!.to)).to.deep.equal(['zoe@example.com']);
        expect(mail!.subject).to.equal('Activate your Pagelog account ✓');
        expect(mail!.from!.value).to.deep.equal([options.from]);
        expect(mail!.text!.trim()).to.equal(text);
        expect(mail!.html).to.equal(false);
      });
    });

    describe('when a message has an HTML part', () => {
      it('delivers both the text and the HTML', async () => {
        await mailer.send({
          to: 'zoe@example.com',
          subject: 'Reset your password',
          text: 'Reset it here: https://cms.example.com/r',
          html: '<p>Reset it <a href="https://cms.example.com/r">here</a>.</p>',
        });
        const [mail] = await parsedMessages();
        expect(mail!.text!.trim()).to.equal('Reset it here: https://cms.example.com/r');
        expect(mail!.html).to.include('<a href="https://cms.example.com/r">here</a>');
      });
    });

    describe('when a subject carries a line break', () => {
      it('does not let it add a header', async () => {
        await mailer.send({ to: 'zoe@example.com', subject: 'Hello\r\nBcc: victim@example.com', text: 'x' });
        const [mail] = await parsedMessages();
        expect(mail!.bcc).to.equal(undefined);
        expect(mail!.headers.has('bcc')).to.equal(false);
        expect(addresses(mail!.to)).to.deep.equal(['zoe@example.com']);
      });
    });

    describe('when a message has an idempotency key', () => {
      it('gives it a Message-ID made from the key: the same for the same key, another for another key', async () => {
        await mailer.send({ id: 'event-1:user-1', to: 'zoe@example.com', subject: 'One', text: 'x' });
        await mailer.send({ id: 'event-2:user-1', to: 'zoe@example.com', subject: 'Two', text: 'x' });
        const ids = (await parsedMessages()).map((m) => m.messageId);
        expect(ids[0]).to.match(/^<[0-9a-f]{24}@pagelog\.mail>$/);
        expect(ids[1]).to.match(/^<[0-9a-f]{24}@pagelog\.mail>$/);
        expect(ids[0]).to.not.equal(ids[1]);
      });
    });

    describe('when several messages are sent', () => {
      it('delivers each one separately', async () => {
        for (const n of [1, 2, 3]) await mailer.send({ to: `user${n}@example.com`, subject: `Message ${n}`, text: `Body ${n}` });
        const mails = await parsedMessages();
        expect(mails.map((m) => m.subject).sort()).to.deep.equal(['Message 1', 'Message 2', 'Message 3']);
        for (const m of mails) {
          const n = m.subject!.slice(-1);
          expect(addresses(m.to)).to.deep.equal([`user${n}@example.com`]);
          expect(m.text!.trim()).to.equal(`Body ${n}`);
        }
      });
    });
  });
}
