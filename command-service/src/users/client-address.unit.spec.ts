import { expect } from 'chai';
import { clientAddressKey } from './client-address';

describe('the address a client is counted under', () => {
  it('is an IPv4 address itself, also when it comes IPv4-mapped', () => {
    expect(clientAddressKey('198.51.100.7')).to.equal('198.51.100.7');
    expect(clientAddressKey('::ffff:198.51.100.7')).to.equal('198.51.100.7');
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    expect(clientAddressKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).to.equal('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8:1:2::1')).to.equal('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0DB8:0001:0002:0:0:0:ffff')).to.equal('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:db8::1')).to.equal('2001:db8:0:0::/64');
    expect(clientAddressKey('::1')).to.equal('0:0:0:0::/64');
    expect(clientAddressKey('fe80::1%eth0')).to.equal('fe80:0:0:0::/64');
  });
});
