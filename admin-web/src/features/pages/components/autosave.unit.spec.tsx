import { expect } from 'chai';
import { install, type Clock } from '@sinonjs/fake-timers';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import type { PageHistoryEntry } from '@pagelog/contracts/pages/page';
import type { ApiReply } from '../../../core/api/api-client';
import type { FakeServer } from '../../../testing/fake-server';
import { blockCard, openEditor } from '../../../testing/page-editor';
import { aPage, aVersion, pageServer } from '../../../testing/pages';
import { failure, success } from '../../../testing/replies';
import { versionContentOf } from '../state/initial-editor-state';
import { draftKey } from '../state/local-draft-store';

/** The autosave's line beside the title. */
const autosaveLine = () => screen.getByText((_, element) => element?.classList.contains('editor__autosave') ?? false).textContent;
const stores = (server: FakeServer) => server.callsOf('pageVersionStore');
const unsavedMark = () => screen.queryByText('Unsaved changes');

/** Timers of the real clock, for waiting on replies while the page's own timers stand still. */
const realSetTimeout = globalThis.setTimeout;

// Events are fired directly: user-event and waitFor wait on a timer of their own, which stands still here.
const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const click = (element: HTMLElement) => fireEvent.click(element);

function headingText(): HTMLInputElement {
  click(within(blockCard('1. Heading')).getByRole('button', { name: 'Edit' }));
  return within(blockCard('1. Heading')).getByLabelText('Text', { exact: true }) as HTMLInputElement;
}

describe('autosave in the page editor', () => {
  let clock: Clock | undefined;
  const consoleError = console.error;
  beforeEach(() => {
    console.error = () => {};
  });
  afterEach(() => {
    clock?.uninstall();
    clock = undefined;
    console.error = consoleError;
  });

  /** The editor of a page, with time standing still at 14:32 (local) from then on. */
  async function editorWithClock(server: FakeServer = pageServer()) {
    const view = await openEditor({ server });
    clock = install({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date(2025, 2, 4, 14, 32), shouldClearNativeTimers: true });
    return view;
  }

  /** Lets `ms` pass on the page's clock, and the replies due come in. */
  async function wait(ms: number) {
    await act(async () => void (await clock!.tickAsync(ms)));
    await settle();
  }

  async function settle() {
    for (let round = 0; round < 3; round++) {
      await act(async () => {
        await new Promise((resolve) => realSetTimeout(resolve, 5));
        await clock!.tickAsync(0);
      });
    }
  }

  /** `check` once it passes, letting replies come in meanwhile (no time passes on the page's clock). */
  async function eventually(check: () => void) {
    const end = performance.now() + 3000;
    for (;;) {
      try {
        check();
        return;
      } catch (error) {
        if (performance.now() > end) throw error;
        await settle();
      }
    }
  }

  it('stores the draft 3 seconds after typing stops, marked as an autosave, and says when', async () => {
    const server = pageServer();
    await editorWithClock(server);
    const text = headingText();
    type(text, 'Welkom terug');
    await wait(2000);
    // Typing again starts the wait again.
    type(text, 'Welkom terug!');
    await wait(2999);
    expect(stores(server)).to.deep.equal([]);
    expect(unsavedMark()).to.exist;
    await wait(1);
    await eventually(() => expect(autosaveLine()).to.equal('Saved at 14:32'));
    expect(stores(server)).to.have.length(1);
    const body = stores(server)[0]!.body as { auto: boolean; revision: number; blocks: { props: { text: string } }[] };
    expect(body.auto).to.equal(true);
    expect(body.revision).to.equal(3);
    expect(body.blocks[0]!.props.text).to.equal('Welkom terug!');
    expect(unsavedMark()).to.equal(null);
    // The browser's copy goes once the server has it; nothing more is sent while nothing changes.
    expect(localStorage.getItem(draftKey('user-1', 'page-1'))).to.equal(null);
    await wait(60_000);
    expect(stores(server)).to.have.length(1);
  });

  it('says "Saving…" while the store is on its way, and never starts a second one meanwhile', async () => {
    let answer: (reply: ApiReply<unknown>) => void = () => {};
    const server = pageServer(aPage(), aVersion(), { pageVersionStore: () => new Promise((resolve) => (answer = resolve)) });
    await editorWithClock(server);
    const text = headingText();
    type(text, 'Welkom1');
    await wait(3000);
    await eventually(() => expect(autosaveLine()).to.equal('Saving…'));
    type(text, 'Welkom12');
    await wait(10_000);
    expect(stores(server)).to.have.length(1);
    // Save waits for the autosave on its way, then stores what came after it.
    click(screen.getByRole('button', { name: 'Save' }));
    await wait(0);
    expect(stores(server)).to.have.length(1);
    answer(success({ pageID: 'page-1', pageVersionID: 'version-1', revision: 4, merged: false }));
    await eventually(() => expect(stores(server)).to.have.length(2));
    expect(stores(server)[1]!.body).to.deep.include({ revision: 4 });
    expect((stores(server)[1]!.body as { auto?: boolean }).auto).to.equal(undefined);
  });

  it('does not store a draft the checks refuse, says why, and stores it once it is fixed', async () => {
    const server = pageServer();
    await editorWithClock(server);
    const text = headingText();
    type(text, '');
    await wait(3000);
    await eventually(() => expect(autosaveLine()).to.equal('Not saved: 1. Heading: The Text field is required.'));
    expect(stores(server)).to.deep.equal([]);
    type(text, 'Hallo');
    await wait(3000);
    await eventually(() => expect(autosaveLine()).to.equal('Saved at 14:32'));
    expect(stores(server)).to.have.length(1);
  });

  it('keeps the work and the reason when the server refuses, and does not try the same draft again', async () => {
    const server = pageServer();
    server.answer('pageVersionStore', failure(400, errorItem('V_15', 'blocks[0].props.text', 'pageVersion')));
    await editorWithClock(server);
    const text = headingText();
    type(text, 'Welkom <b');
    await wait(3000);
    await eventually(() => expect(autosaveLine()).to.equal(`Not saved: ${messageFor('V_15', 'text')}`));
    expect(unsavedMark()).to.exist;
    expect(text.value).to.equal('Welkom <b');
    expect(JSON.parse(localStorage.getItem(draftKey('user-1', 'page-1'))!).content.blocks[0].props.text).to.equal('Welkom <b');
    // The reason stays; no retry loop.
    await wait(120_000);
    expect(stores(server)).to.have.length(1);
    expect(autosaveLine()).to.equal(`Not saved: ${messageFor('V_15', 'text')}`);
    // The next edit tries again.
    server.answer('pageVersionStore', success({ pageID: 'page-1', pageVersionID: 'version-1', revision: 4, merged: false }));
    type(text, 'Welkom <b>');
    await wait(3000);
    await eventually(() => expect(autosaveLine()).to.equal('Saved at 14:34'));
    expect(stores(server)).to.have.length(2);
  });

  it('stops at a newer version saved meanwhile, and leaves the choice to the conflict notice', async () => {
    const server = pageServer();
    const current = { ...versionContentOf(aVersion()), title: 'Hun titel', versionId: 'version-1' };
    server.answer('pageVersionStore', { status: 409, Success: false, Errors: [errorItem('V_07', 'revision', 'page')], data: { currentRevision: 7, conflicts: ['blocks[0]'], current } });
    await editorWithClock(server);
    type(headingText(), 'Welkom!');
    await wait(3000);
    await eventually(() => expect(autosaveLine()).to.equal('Not saved: someone saved a newer version meanwhile.'));
    expect(screen.getByRole('button', { name: 'Keep my version' })).to.exist;
    type(within(blockCard('1. Heading')).getByLabelText('Text', { exact: true }), 'Welkom!!');
    await wait(30_000);
    expect(stores(server)).to.have.length(1);
  });

  it('leaves the page settings to Save: a slug moves the page at once', async () => {
    const server = pageServer();
    await editorWithClock(server);
    click(screen.getByRole('tab', { name: 'Page Settings' }));
    type(screen.getByLabelText('Slug', { exact: true }), 'wie-wij');
    await wait(10_000);
    expect(server.endpoints().filter((endpoint) => endpoint === 'pageSave' || endpoint === 'pageVersionStore')).to.deep.equal([]);
    expect(unsavedMark()).to.exist;
  });

  it('does not store a draft that a publication request pins, nor one kept in the browser until restored', async () => {
    const pinned = aPage({
      hasPublicationRequest: true,
      openRequest: { requestId: 'request-1', versionId: 'version-1', comment: '', requestedBy: 'user-2', requestedAt: '2025-03-04T09:15:00.000Z' },
    });
    const kept = { ...versionContentOf(aVersion()), title: 'Bewaard' };
    localStorage.setItem(
      draftKey('user-1', 'page-1'),
      JSON.stringify({ pageId: 'page-1', revision: 3, versionId: 'version-1', content: kept, settings: { slug: 'over-ons', anchor: '', typeData: aPage().typeData }, savedAt: '2025-03-02T12:00:00.000Z' }),
    );
    const server = pageServer(pinned, aVersion());
    await editorWithClock(server);
    await wait(10_000);
    click(screen.getByRole('button', { name: 'Restore' }));
    await wait(10_000);
    expect(stores(server)).to.deep.equal([]);
    localStorage.clear();
  });

  it('stores a draft restored from the browser once the editor chose it', async () => {
    const kept = { ...versionContentOf(aVersion()), title: 'Bewaard' };
    localStorage.setItem(
      draftKey('user-1', 'page-1'),
      JSON.stringify({ pageId: 'page-1', revision: 3, versionId: 'version-1', content: kept, settings: { slug: 'over-ons', anchor: '', typeData: aPage().typeData }, savedAt: '2025-03-02T12:00:00.000Z' }),
    );
    const server = pageServer();
    await editorWithClock(server);
    await wait(10_000);
    expect(stores(server)).to.deep.equal([]);
    click(screen.getByRole('button', { name: 'Restore' }));
    await wait(3000);
    await eventually(() => expect(stores(server)).to.have.length(1));
    expect(stores(server)[0]!.body).to.deep.include({ title: 'Bewaard', auto: true });
  });
});

describe('the History panel', () => {
  const entry = (over: Partial<PageHistoryEntry>): PageHistoryEntry => ({
    position: 1,
    revision: 1,
    type: 'PageVersionStored',
    occurredAt: '2025-03-04T10:00:00.000Z',
    actorId: 'user-1',
    actorName: 'Ada Admin',
    versionId: 'version-1',
    summary: 'saved the draft',
    ...over,
  });

  it('shows a run of autosaves by one person as one line, newest first', async () => {
    const auto = (n: number, actor = 'user-1', actorName = 'Ada Admin') =>
      entry({ position: n, revision: n, occurredAt: `2025-03-04T10:0${n}:00.000Z`, summary: 'saved the draft automatically', auto: true, actorId: actor, actorName });
    const server = pageServer(aPage(), aVersion(), {
      pageHistory: success([
        entry({ position: 1, revision: 1, type: 'PageCreated', summary: 'created “Over ons” at over-ons (nl-nl)' }),
        auto(2),
        auto(3),
        auto(4),
        auto(5, 'user-2', 'Bea Editor'),
        entry({ position: 6, revision: 6, occurredAt: '2025-03-04T10:06:00.000Z' }),
        auto(7),
      ]),
    });
    const { user } = await openEditor({ server });
    await user.click(screen.getByText('History'));
    const items = () => within(screen.getByText('History').closest('details')!).queryAllByRole('listitem');
    await waitFor(() => expect(items()).to.have.length(5));
    const lines = items().map((line) => [line.querySelector('.history__what')!.textContent, line.querySelector('.history__who')!.textContent]);
    expect(lines).to.deep.equal([
      ['saved the draft automatically', 'by Ada Admin'],
      ['saved the draft', 'by Ada Admin'],
      ['saved the draft automatically', 'by Bea Editor'],
      ['saved the draft automatically 3 times', 'by Ada Admin'],
      ['created “Over ons” at over-ons (nl-nl)', 'by Ada Admin'],
    ]);
    expect(items()[3]!.querySelector('time')!.textContent).to.match(/ – /);
  });
});
