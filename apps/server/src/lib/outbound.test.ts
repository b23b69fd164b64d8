import { describe, expect, it } from 'vitest';
import { callOutbound, isPrivateAddress, urlHostProblem } from './outbound';

describe('outbound: the SSRF guard', () => {
  it('refuses private, loopback, link-local, unique-local and reserved addresses, v4 and v6', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      'ff02::1',
    ]) {
      expect(isPrivateAddress(a), a).toBe(true);
    }
    for (const a of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPrivateAddress(a), a).toBe(false);
    expect(isPrivateAddress('not-an-ip')).toBe(true);
  });

  it('refuses a literal private address and a bracketed IPv6 loopback before connecting', async () => {
    const req = { method: 'GET', headers: {}, body: null, timeoutMs: 1000 };
    expect((await callOutbound({ ...req, url: 'http://10.0.0.1/x' }, { allowPrivate: false })).error).toBe(
      'The address 10.0.0.1 is not public',
    );
    expect((await callOutbound({ ...req, url: 'http://[::1]:8080/x' }, { allowPrivate: false })).error).toBe(
      'The address ::1 is not public',
    );
    expect((await callOutbound({ ...req, url: 'ftp://example.com/x' }, { allowPrivate: false })).error).toBe(
      'Only http and https URLs can be called',
    );
  });

  it('refuses IPv4-compatible IPv6 (::/96) and host names ending in a dot, in the URL and at the call', async () => {
    for (const a of ['::7f00:1', '::a00:1', '::808:808']) expect(isPrivateAddress(a), a).toBe(true);
    const refused = [
      'http://[::127.0.0.1]/',
      'http://[::7f00:1]/x',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:7f00:1]/',
      'http://localhost./x',
      'http://LOCALHOST/x',
      'http://api.localhost/x',
      'http://127.0.0.1./x',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://example.com./x',
      'http://user@localhost.:8080/x',
    ];
    for (const url of refused) expect(urlHostProblem(url), url).not.toBeNull();
    for (const url of ['https://example.com/x?y=1.', 'http://8.8.8.8:8080/', 'https://[2606:4700:4700::1111]/', 'https://a.example.org/p.'])
      expect(urlHostProblem(url), url).toBeNull();
    const req = { method: 'GET', headers: {}, body: null, timeoutMs: 1000 };
    for (const url of ['http://[::127.0.0.1]:9/', 'http://localhost.:9/', 'http://127.0.0.1.:9/']) {
      const res = await callOutbound({ ...req, url }, { allowPrivate: false });
      expect(res.response, url).toBeNull();
      expect(res.error, url).toMatch(/not public|ends with a dot/);
    }
  });

  it('masks secrets and secret headers in the recorded request', async () => {
    const res = await callOutbound(
      {
        method: 'POST',
        url: 'http://10.0.0.1/x?key=abc123',
        headers: { Authorization: 'Bearer t', 'X-Other': 'abc123-tail' },
        body: '{"k":"abc123"}',
        timeoutMs: 1000,
        secrets: ['abc123'],
      },
      { allowPrivate: false },
    );
    expect(res.request).toEqual({
      method: 'POST',
      url: 'http://10.0.0.1/x?key=********',
      headers: { Authorization: '********', 'X-Other': '********-tail' },
      body: '{"k":"********"}',
    });
  });
});
