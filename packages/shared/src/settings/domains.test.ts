import { describe, expect, it } from 'vitest';
import { dnsInstruction, domainCreate, domainListQuery } from './domains';

describe('dnsInstruction', () => {
  it('is a CNAME to the platform host name', () => {
    expect(dnsInstruction('track.example.com', 'go.leadgrid.example')).toEqual({
      type: 'CNAME',
      name: 'track.example.com',
      value: 'go.leadgrid.example',
    });
  });

  it('is an A record when the platform is reached by an IP address', () => {
    expect(dnsInstruction('track.example.com', '203.0.113.7').type).toBe('A');
    expect(dnsInstruction('track.example.com', '2001:db8::1').type).toBe('A');
  });
});

describe('domain schemas', () => {
  it('trims and lower-cases the host, and refuses what is not a host name', () => {
    expect(domainCreate.parse({ host: ' Track.Example.COM ', type: 'track' })).toEqual({
      host: 'track.example.com',
      type: 'track',
      status: 'active',
    });
    for (const host of ['http://x.com', 'x.com/path', 'with space.com', 'localhost', '1.2.3.4', '-a.com', 'a-.com']) {
      const res = domainCreate.safeParse({ host, type: 'track' });
      expect(res.success, host).toBe(false);
      expect(res.error?.issues[0]).toMatchObject({ path: ['host'], message: 'hostName' });
    }
  });

  it('reads the type filter as a comma list of known types', () => {
    expect(domainListQuery.parse({ type: 'track,postback' }).type).toEqual(['track', 'postback']);
    expect(domainListQuery.safeParse({ type: 'track,mail' }).success).toBe(false);
  });
});
