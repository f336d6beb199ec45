import { expect } from 'chai';
import { screen, waitFor } from '@testing-library/react';
import { errorItem, messageFor } from '@pagelog/contracts/error-catalogue';
import type { TimeTravelLink, TimeTravelMoment } from '@pagelog/contracts/time-travel/time-travel';
import { formatDateTime } from '../../../core/format/date-time';
import { fakeServer, type ServerCall } from '../../../testing/fake-server';
import { renderAdmin } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';

const EVENT_AT = '2026-11-01T09:29:13.000Z';
const HEAD_AT = '2026-12-02T16:05:00.000Z';
const EXPIRES_AT = '2026-12-09T16:10:00.000Z';

/** The moment the server finds: position 42 for a date or for position 42, 0 for position 0, the head (120) for neither. */
function momentOf(call: ServerCall) {
  const head = { headPosition: 120, headAt: HEAD_AT };
  if (call.query.position === '0') return success<TimeTravelMoment>({ position: 0, at: null, ...head });
  if (call.query.at || call.query.position === '42') return success<TimeTravelMoment>({ position: 42, at: EVENT_AT, ...head });
  if (call.query.position) return failure(400, errorItem('V_12', 'position', 'timeTravel'));
  return success<TimeTravelMoment>({ position: 120, at: HEAD_AT, ...head });
}

const aLink = (call: ServerCall) => {
  const body = call.body as { position?: number; at?: string };
  if (body.at) return success<TimeTravelLink>({ url: '/_asof/f-future.tok', kind: 'future', position: 120, at: body.at, expiresAt: EXPIRES_AT });
  return success<TimeTravelLink>({ url: '/_asof/tok.en-42', kind: 'past', position: body.position!, expiresAt: EXPIRES_AT });
};

const FUTURE_AT = '2027-01-15T08:00:00.000Z';
/** The server's answer for a date after now: the head, and what is scheduled by then. */
const futureMoment = (changes: TimeTravelMoment['future'] extends infer F ? (F extends { changes: infer C } ? C : never) : never) =>
  success<TimeTravelMoment>({ position: 120, at: HEAD_AT, headPosition: 120, headAt: HEAD_AT, future: { at: FUTURE_AT, changes } });

/** The admin in embedded mode: served by the public site, whose origin the links start with. */
const SITE_ORIGIN = 'https://www.example.org';
/** happy-dom's own controls of the shared window (dom.ts), to set where the admin is served from. */
const browser = () => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM;

const answer = () => screen.getByRole('status');
const field = (label: string) => screen.getByLabelText(label, { exact: true }) as HTMLInputElement;
/** The texts a field is described by (its hint, its errors), by the ids it names. */
const descriptionOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '');

describe('the time travel screen', () => {
  let opened: unknown[][];
  let realOpen: typeof window.open;
  // A failed read is logged (api-context.tsx); nothing else may be.
  const consoleError = console.error;
  let logged: unknown[][];
  let realHref: string;

  beforeEach(() => {
    // Other specs may have moved the shared window elsewhere: the site's address is set here.
    realHref = window.location.href;
    browser().setURL(`${SITE_ORIGIN}/cmsadmin/time-travel`);
    logged = [];
    console.error = (...args: unknown[]) => void logged.push(args);
    opened = [];
    realOpen = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
  });
  afterEach(() => {
    browser().setURL(realHref);
    window.open = realOpen;
    console.error = consoleError;
    expect(logged.filter((args) => args[0] !== 'A read failed.')).to.deep.equal([]);
  });

  it('finds the moment of a date and time, sent as ISO UTC, and says what it is and where the log is now', async () => {
    const server = fakeServer({ timeTravelMoment: momentOf });
    const { user } = renderAdmin('/time-travel', { server });
    expect(screen.getByRole('heading', { level: 1 }).textContent).to.equal('Time travel');
    expect(screen.getByText('Browse the whole public site as it was at a past moment, or as it will be at a later one with what is scheduled by then: pages, menus, settings and search, read-only.')).to.exist;
    // Nothing is asked before the form is sent.
    expect(server.callsOf('timeTravelMoment')).to.deep.equal([]);

    await user.type(field('Date and time'), '2026-11-01T09:30');
    await user.click(screen.getByRole('button', { name: 'Find this moment' }));
    await waitFor(() => expect(answer().textContent).to.contain('The site as of position 42'));
    expect(server.callsOf('timeTravelMoment').map((call) => call.query)).to.deep.equal([{ at: new Date('2026-11-01T09:30').toISOString() }]);
    expect(answer().textContent).to.equal(`The site as of position 42 — the event at ${formatDateTime(EVENT_AT)}Now: position 120 (${formatDateTime(HEAD_AT)})`);
    expect(formatDateTime(EVENT_AT)).to.match(/2026/);
  });

  it('finds a moment by its log position, says position 0 is before anything, and now when nothing is given', async () => {
    const server = fakeServer({ timeTravelMoment: momentOf });
    const { user } = renderAdmin('/time-travel', { server });
    await user.type(field('Log position'), '0');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(answer().textContent).to.contain('Before anything was published (position 0)'));
    expect(answer().textContent).to.not.contain('The site as of');

    await user.clear(field('Log position'));
    await user.click(screen.getByRole('button', { name: 'Find this moment' }));
    await waitFor(() => expect(answer().textContent).to.contain('The site as of position 120'));
    expect(server.callsOf('timeTravelMoment').map((call) => call.query)).to.deep.equal([{ position: '0' }, {}]);
  });

  it('takes either a date or a position: filling in one empties the other', async () => {
    const server = fakeServer({ timeTravelMoment: momentOf });
    const { user } = renderAdmin('/time-travel', { server });
    await user.type(field('Date and time'), '2026-11-01T09:30');
    await user.type(field('Log position'), '42');
    expect(field('Date and time').value).to.equal('');
    await user.click(screen.getByRole('button', { name: 'Find this moment' }));
    await waitFor(() => expect(answer().textContent).to.contain('The site as of position 42'));
    expect(server.callsOf('timeTravelMoment').at(-1)!.query).to.deep.equal({ position: '42' });
  });

  it('makes a link for the moment, opens it in a new tab, shows it in full with its expiry, and copies it', async () => {
    const server = fakeServer({ timeTravelMoment: momentOf, timeTravelLink: aLink });
    const { user } = renderAdmin('/time-travel', { server });
    await user.type(field('Date and time'), '2026-11-01T09:30');
    await user.click(screen.getByRole('button', { name: 'Find this moment' }));
    await screen.findByText('Anyone with this link can browse the site as of then until it expires; they need no account.');

    const validFor = screen.getByLabelText('Link valid for') as HTMLSelectElement;
    expect([...validFor.options].map((option) => [option.textContent, option.value])).to.deep.equal([
      ['1 hour', '1'],
      ['24 hours', '24'],
      ['7 days', '168'],
      ['30 days', '720'],
    ]);
    expect(validFor.value).to.equal('24');
    await user.selectOptions(validFor, '7 days');
    await user.click(screen.getByRole('button', { name: 'Browse the site as of then' }));

    await waitFor(() => expect(opened).to.have.length(1));
    expect(opened[0]).to.deep.equal(['/_asof/tok.en-42', '_blank', 'noopener']);
    expect(server.callsOf('timeTravelLink').map((call) => call.body)).to.deep.equal([{ position: 42, hours: 168 }]);
    const full = field('Link to the site as of then');
    expect(full.value).to.equal('https://www.example.org/_asof/tok.en-42');
    expect(full.readOnly).to.equal(true);
    expect(descriptionOf(full)).to.deep.equal([`Expires ${formatDateTime(EXPIRES_AT)}`]);

    expect(screen.queryByText('Copied')).to.equal(null);
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await screen.findByText('Copied');
    expect(await navigator.clipboard.readText()).to.equal('https://www.example.org/_asof/tok.en-42');
  });

  it('shows the refusal of a date next to the date field, and of a position next to the position field', async () => {
    const server = fakeServer({ timeTravelMoment: failure(400, errorItem('V_12', 'at', 'timeTravel')) });
    const { user } = renderAdmin('/time-travel', { server });
    const date = field('Date and time');
    expect(date.getAttribute('aria-invalid')).to.equal(null);
    await user.type(date, '1999-01-01T00:00');
    await user.click(screen.getByRole('button', { name: 'Find this moment' }));
    await waitFor(() => expect(date.getAttribute('aria-invalid')).to.equal('true'));
    expect(descriptionOf(date)).to.include('The date and time is not valid.');
    expect(descriptionOf(field('Log position'))).to.not.include('The date and time is not valid.');
    expect(answer().textContent).to.equal('');
    expect(screen.queryByRole('button', { name: 'Browse the site as of then' })).to.equal(null);
    expect(document.activeElement).to.equal(date);
    // Changing the date takes back what was said about the old one.
    await user.type(date, '{backspace}');
    expect(date.getAttribute('aria-invalid')).to.equal(null);

    server.answer('timeTravelMoment', momentOf);
    const position = field('Log position');
    await user.type(position, '999');
    await user.click(screen.getByRole('button', { name: 'Find this moment' }));
    await waitFor(() => expect(position.getAttribute('aria-invalid')).to.equal('true'));
    expect(descriptionOf(position)).to.include('The log position is not valid.');
    expect(date.getAttribute('aria-invalid')).to.equal(null);
  });

  it('says so when the moment could not be read', async () => {
    const server = fakeServer({ timeTravelMoment: failure(500) });
    const { user } = renderAdmin('/time-travel', { server });
    await user.click(screen.getByRole('button', { name: 'Find this moment' }));
    expect((await screen.findByRole('alert')).textContent).to.equal('The moment could not be found. Try again in a moment.');
  });

  it('is refused, and asks nothing, without time-travel', async () => {
    const server = fakeServer();
    renderAdmin('/time-travel', { server, signedIn: aUser({}, ['view-audit']) });
    await waitFor(() => expect(screen.getByText(messageFor('UM_01'))).to.exist);
    expect(screen.queryByRole('button', { name: 'Find this moment' })).to.equal(null);
    expect(server.callsOf('timeTravelMoment')).to.deep.equal([]);
  });

  it('says the user may not when the server refuses them (403)', async () => {
    const server = fakeServer({ timeTravelMoment: failure(403, errorItem('UM_01')) });
    const { user } = renderAdmin('/time-travel', { server });
    await user.click(screen.getByRole('button', { name: 'Find this moment' }));
    await waitFor(() => expect(screen.getByText(messageFor('UM_01'))).to.exist);
    expect(screen.queryByRole('button', { name: 'Find this moment' })).to.equal(null);
  });

  it('shows a later moment as the site as it will be, with what is scheduled by then, and links to it by its time', async () => {
    const server = fakeServer({
      timeTravelMoment: futureMoment([
        { action: 'publish', at: '2027-01-10T09:00:00.000Z', pageId: 'p1', title: 'Nieuwe visie', locale: 'nl', slug: 'visie', path: '/visie', scheduledBy: 'u1', scheduledAt: HEAD_AT },
        { action: 'unpublish', at: '2027-01-12T17:00:00.000Z', pageId: 'p2', title: 'Oude actie', locale: 'en-gb', slug: 'campaign', path: '/en-gb/campaign', scheduledBy: 'u1', scheduledAt: HEAD_AT, failing: { attempts: 2, message: 'The store could not be reached', retryAt: '2027-01-12T17:04:00.000Z' } },
        { action: 'publish', at: '2027-01-14T08:00:00.000Z', pageId: 'p3', title: 'Voorjaar', locale: 'nl', slug: 'voorjaar', path: '/voorjaar', scheduledBy: 'u1', scheduledAt: HEAD_AT, release: { id: 'r1', name: 'Lente' } },
        { action: 'publish-menu', at: '2027-01-14T08:00:00.000Z', locale: 'nl', kind: 'main', version: 4, scheduledBy: 'u1', scheduledAt: HEAD_AT, release: { id: 'r1', name: 'Lente' } },
      ]),
      timeTravelLink: aLink,
    });
    const { user } = renderAdmin('/time-travel', { server });
    await user.type(field('Date and time'), '2027-01-15T09:00');
    await user.click(screen.getByRole('button', { name: 'Find this moment' }));
    await waitFor(() => expect(answer().textContent).to.contain('The site as it will be on'));
    expect(answer().textContent).to.contain(`The site as it will be on ${formatDateTime(FUTURE_AT)}`);
    expect(answer().textContent).to.contain('The site as it is now, with the 4 changes scheduled by then:');
    expect([...answer().querySelectorAll('li')].map((item) => item.textContent)).to.deep.equal([
      `Nieuwe visie (/visie) is published on ${formatDateTime('2027-01-10T09:00:00.000Z')}`,
      `Oude actie (/en-gb/campaign) is taken off the site on ${formatDateTime('2027-01-12T17:00:00.000Z')} (it failed 2 times so far, last: The store could not be reached; tried again at ${formatDateTime('2027-01-12T17:04:00.000Z')})`,
      `Voorjaar (/voorjaar) is published on ${formatDateTime('2027-01-14T08:00:00.000Z')} with the release “Lente”`,
      `Main menu (nl), draft 4, is published on ${formatDateTime('2027-01-14T08:00:00.000Z')} with the release “Lente”`,
    ]);
    expect(screen.queryByRole('button', { name: 'Browse the site as of then' })).to.equal(null);
    await user.click(screen.getByRole('button', { name: 'Browse the site as it will be' }));
    await waitFor(() => expect(opened).to.have.length(1));
    expect(opened[0]).to.deep.equal(['/_asof/f-future.tok', '_blank', 'noopener']);
    expect(server.callsOf('timeTravelLink').map((call) => call.body)).to.deep.equal([{ at: FUTURE_AT, hours: 24 }]);
    expect(field('Link to the site as it will be').value).to.equal('https://www.example.org/_asof/f-future.tok');
  });

  it('says nothing is scheduled by a later moment when nothing is', async () => {
    const server = fakeServer({ timeTravelMoment: futureMoment([]) });
    const { user } = renderAdmin('/time-travel', { server });
    await user.type(field('Date and time'), '2027-01-15T09:00');
    await user.click(screen.getByRole('button', { name: 'Find this moment' }));
    await waitFor(() => expect(answer().textContent).to.contain('Nothing is scheduled by then: the site will look as it does now.'));
  });
});
