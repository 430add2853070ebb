import { describe, expect, it } from 'vitest';
import { toPublicIpAddress } from './ip-address';

describe('toPublicIpAddress', () => {
  it('keeps public IPv4 and IPv6 addresses with their family', () => {
    expect(toPublicIpAddress('8.8.8.8')).toEqual({ address: '8.8.8.8', family: 4 });
    expect(toPublicIpAddress(' 8.8.8.8 ')).toEqual({ address: '8.8.8.8', family: 4 });
    expect(toPublicIpAddress('2a02:2e0::1')).toEqual({ address: '2a02:2e0::1', family: 6 });
  });

  it.each(['::ffff:8.8.8.8', '::FFFF:8.8.8.8', '::ffff:808:808', '0:0:0:0:0:ffff:0808:0808'])(
    'reads the IPv4-mapped address %s as IPv4',
    (mapped) => {
      expect(toPublicIpAddress(mapped)).toEqual({ address: '8.8.8.8', family: 4 });
    },
  );

  it.each([
    '10.1.2.3',
    '172.20.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '127.0.0.1',
    '169.254.10.10',
    '0.0.0.0',
    '192.0.2.1',
    '198.51.100.7',
    '203.0.113.9',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    'fe80::1',
    'fe80::1%eth0',
    'fd12:3456::1',
    '2001:db8::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:192.168.0.1',
  ])('rejects the non-public address %s', (address) => {
    expect(toPublicIpAddress(address)).toBeNull();
  });

  it.each(['', 'abc', 'localhost', '1.2.3', '1.2.3.4.5', '999.1.1.1', '08.8.8.8', ':::', 'zz::1', '8.8.8.8/32'])(
    'rejects the unparsable %j',
    (garbage) => {
      expect(toPublicIpAddress(garbage)).toBeNull();
    },
  );
});

describe('toPublicIpAddress at range edges', () => {
  it.each([
    ['9.255.255.255', true],
    ['10.0.0.0', false],
    ['11.0.0.0', true],
    ['100.63.255.255', true],
    ['100.127.255.255', false],
    ['100.128.0.0', true],
    ['172.15.255.255', true],
    ['172.31.255.255', false],
    ['172.32.0.0', true],
    ['198.17.255.255', true],
    ['198.19.255.255', false],
    ['223.255.255.255', true],
    ['2001:db7:ffff::1', true],
    ['2001:db9::1', true],
    ['fbff::1', true],
    ['fec0::1', true],
    ['100::1', false],
    ['100:0:0:1::1', true],
    ['::2', false],
    ['::ffff:a00:1', false], // 10.0.0.1
    ['::ffff:b00:1', true], // 11.0.0.1
    ['1::', true],
    ['2a02:2e0:0:0:0:0:0:1', true],
  ])('%s is public: %s', (address, isPublic) => {
    expect(toPublicIpAddress(address) !== null).toBe(isPublic);
  });
});
