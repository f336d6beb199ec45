import { expect } from 'chai';
import { formatDateTime, formatRecentTime } from './date-time';

describe('dates in the admin', () => {
  it('read as British date and time', () => {
    expect(formatDateTime('2025-03-02T10:30:00.000Z', 'UTC')).to.equal('2 Mar 2025, 10:30');
    expect(formatDateTime('2025-03-02T10:30:00.000Z', 'Europe/Amsterdam')).to.equal('2 Mar 2025, 11:30');
  });

  it('are empty when missing or unreadable', () => {
    expect(formatDateTime(null)).to.equal('');
    expect(formatDateTime('soon')).to.equal('');
  });

  it('show only the time for today', () => {
    const now = new Date('2025-03-02T18:00:00.000Z');
    expect(formatRecentTime('2025-03-02T10:30:00.000Z', now, 'UTC')).to.equal('10:30');
    expect(formatRecentTime('2025-03-01T10:30:00.000Z', now, 'UTC')).to.equal('1 Mar 2025, 10:30');
  });
});
