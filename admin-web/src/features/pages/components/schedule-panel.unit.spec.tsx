import { expect } from 'chai';
import { screen, waitFor } from '@testing-library/react';
import type { PageScheduleView } from '@pagelog/contracts/pages/schedules';
import { messageFor } from '@pagelog/contracts/error-catalogue';
import { formatDateTime } from '../../../core/format/date-time';
import { fakeServer } from '../../../testing/fake-server';
import { aPage } from '../../../testing/pages';
import { renderInApp } from '../../../testing/render';
import { failure, success } from '../../../testing/replies';
import { aUser } from '../../../testing/users';
import type { EditorAction } from '../state/editor-state';
import { localInputValue, SchedulePanel } from './schedule-panel';

const pending = (overrides: Partial<PageScheduleView> = {}): PageScheduleView => ({
  scheduleId: 's1',
  action: 'publish',
  at: '2026-12-03T10:02:00.000Z',
  versionId: 'v1',
  scheduledBy: 'u-p',
  scheduledByName: 'Petra Planner',
  scheduledAt: '2026-12-03T09:00:00.000Z',
  attempts: 0,
  lastError: null,
  retryAt: null,
  ...overrides,
});

describe('the editor’s scheduled publishing panel', () => {
  it('schedules the draft’s publication at the time chosen, and moves the editor’s revision on', async () => {
    const server = fakeServer({ pageSchedule: success({ pageID: 'p1', scheduleId: 's1', revision: 8, position: 120 }) });
    const actions: EditorAction[] = [];
    const { user } = renderInApp(<SchedulePanel page={aPage({ id: 'p1', revision: 7 })} dispatch={(a) => actions.push(a)} />, { server });
    expect(screen.getByText('Nothing is scheduled for this page.')).to.exist;
    await user.type(screen.getByLabelText('When'), '2026-12-24T09:30');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(server.callsOf('pageSchedule')).to.have.length(1));
    const call = server.callsOf('pageSchedule')[0]!;
    expect(call.params).to.deep.equal({ id: 'p1' });
    expect(call.body).to.deep.equal({ action: 'publish', at: new Date('2026-12-24T09:30').toISOString() });
    await waitFor(() => expect(actions).to.deep.equal([{ type: 'pageLevelSaved', revision: 8 }]));
    expect(screen.getByRole('status').textContent).to.equal(`Publication scheduled for ${formatDateTime(new Date('2026-12-24T09:30').toISOString())}.`);
  });

  it('schedules an unpublication, and shows the server’s refusal under the form', async () => {
    const server = fakeServer({ pageSchedule: failure(400, { code: 'V_07', property: 'status', model: 'page', message: messageFor('V_07') }) });
    const { user } = renderInApp(<SchedulePanel page={aPage({ id: 'p1' })} dispatch={() => {}} />, { server });
    await user.selectOptions(screen.getByLabelText('What'), 'unpublish');
    await user.type(screen.getByLabelText('When'), '2026-12-24T09:30');
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.getByText(messageFor('V_07'), { exact: false })).to.exist);
    expect(server.callsOf('pageSchedule')[0]!.body).to.deep.include({ action: 'unpublish' });
  });

  it('asks for a time before sending anything', async () => {
    const server = fakeServer();
    const { user } = renderInApp(<SchedulePanel page={aPage({ id: 'p1' })} dispatch={() => {}} />, { server });
    await user.click(screen.getByRole('button', { name: 'Schedule' }));
    await waitFor(() => expect(screen.getByText('Choose a date and time.', { exact: false })).to.exist);
    expect(server.callsOf('pageSchedule')).to.deep.equal([]);
  });

  it('shows what is pending, by whom, a failure with its next try, and changes or cancels it', async () => {
    const server = fakeServer({ pageScheduleCancel: success({ pageID: 'p1', revision: 9, position: 121 }) });
    const failed = pending({ attempts: 2, lastError: { code: 'V_12', message: 'The hash is not valid.' }, retryAt: '2026-12-03T10:06:00.000Z' });
    const { user } = renderInApp(<SchedulePanel page={aPage({ id: 'p1', schedules: { publish: failed } })} dispatch={() => {}} />, { server });
    expect(screen.getByText(`Publication on ${formatDateTime(failed.at)}`)).to.exist;
    expect(screen.getByText('set by Petra Planner', { exact: false })).to.exist;
    expect(screen.getByRole('alert').textContent).to.equal(`Failed 2 times: The hash is not valid. Trying again at ${formatDateTime(failed.retryAt)}.`);
    await user.click(screen.getByRole('button', { name: 'Change' }));
    expect((screen.getByLabelText('When') as HTMLInputElement).value).to.equal(localInputValue(failed.at));
    await user.click(screen.getByRole('button', { name: 'Cancel the scheduled publication' }));
    await waitFor(() => expect(server.callsOf('pageScheduleCancel')[0]!.body).to.deep.equal({ action: 'publish' }));
  });

  it('shows a pending schedule without the form to those who may not publish, and nothing when none is pending', () => {
    const editor = aUser({}, ['edit-page']);
    const { unmount } = renderInApp(<SchedulePanel page={aPage({ schedules: { unpublish: pending({ action: 'unpublish' }) } })} dispatch={() => {}} />, { signedIn: editor });
    expect(screen.getByText(`Unpublication on ${formatDateTime(pending().at)}`)).to.exist;
    expect(screen.queryByRole('button', { name: 'Schedule' })).to.equal(null);
    expect(screen.queryByRole('button', { name: /Cancel/ })).to.equal(null);
    unmount();
    renderInApp(<SchedulePanel page={aPage()} dispatch={() => {}} />, { signedIn: editor });
    expect(screen.queryByRole('heading', { name: 'Scheduled publishing' })).to.equal(null);
  });
});
