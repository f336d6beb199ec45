import { expect } from 'chai';
import { DownloadTokens } from './download-token';

describe('download link tokens', () => {
  const tokens = new DownloadTokens('a server secret of some length', 60_000);
  const now = Date.UTC(2026, 11, 2, 12);
  const hash = 'a'.repeat(64);

  it('opens the file it was issued for until it expires', () => {
    const { token, expiresAt } = tokens.issue('page-1', 'type_file_mainDownload', hash, now);
    expect(expiresAt).to.equal(now + 60_000);
    expect(tokens.check(token, 'page-1', 'type_file_mainDownload', hash, now + 59_000)).to.equal('valid');
    expect(tokens.check(token, 'page-1', 'type_file_mainDownload', hash, now + 60_000)).to.equal('expired');
  });

  it('opens no other page, group or file, and no token with its expiry changed', () => {
    const { token } = tokens.issue('page-1', 'type_file_mainDownload', hash, now);
    expect(tokens.check(token, 'page-2', 'type_file_mainDownload', hash, now)).to.equal('invalid');
    expect(tokens.check(token, 'page-1', 'block_files_x', hash, now)).to.equal('invalid');
    expect(tokens.check(token, 'page-1', 'type_file_mainDownload', 'b'.repeat(64), now)).to.equal('invalid');
    const [expiry, mac] = token.split('.');
    expect(tokens.check(`${Number(expiry) + 3600}.${mac}`, 'page-1', 'type_file_mainDownload', hash, now)).to.equal('invalid');
  });

  it("takes no token of another server's secret, nor anything of the wrong shape", () => {
    const { token } = new DownloadTokens('another secret entirely').issue('page-1', 'g', hash, now);
    expect(tokens.check(token, 'page-1', 'g', hash, now)).to.equal('invalid');
    for (const bad of [undefined, '', 'x', `${now}.short`, `1.${'A'.repeat(43)}`]) expect(tokens.check(bad, 'page-1', 'g', hash, now)).to.equal('invalid');
  });
});
