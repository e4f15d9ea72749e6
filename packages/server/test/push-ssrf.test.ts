import { isA2AError } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import { createWebhookUrlPolicy } from '../src/push/index.ts';

async function refusal(url: string, policy = createWebhookUrlPolicy()): Promise<string> {
  try {
    await policy.check(url);
  } catch (error) {
    if (isA2AError(error, 'InvalidParamsError')) return error.message;
    throw error;
  }
  return 'accepted';
}

describe('webhook URL policy (SSRF)', () => {
  it.each([
    ['http://127.0.0.1/hook', 'loopback address'],
    ['http://2130706433/', '127.0.0.1 is a loopback address'],
    ['http://0x7f.1/', '127.0.0.1 is a loopback address'],
    ['http://0177.0.0.1/', '127.0.0.1 is a loopback address'],
    ['http://127.1/', '127.0.0.1 is a loopback address'],
    ['http://[::1]/', 'loopback address'],
    ['http://[::ffff:127.0.0.1]/', 'embeds 127.0.0.1 is a loopback address'],
    ['http://[::ffff:7f00:1]/', 'embeds 127.0.0.1 is a loopback address'],
    ['http://localhost:8080/', 'localhost is a loopback host name'],
    ['http://api.localhost/', 'api.localhost is a loopback host name'],
    ['http://LOCALHOST./', 'localhost is a loopback host name'],
    ['http://10.1.2.3/', 'private address'],
    ['http://172.16.0.1/', 'private address'],
    ['http://172.31.255.255/', 'private address'],
    ['http://192.168.1.1/', 'private address'],
    ['http://[fc00::1]/', 'unique local'],
    ['http://[fd12:3456::1]/', 'unique local'],
    ['http://169.254.1.1/', 'link-local address'],
    ['http://[fe80::1]/', 'link-local address'],
    ['http://100.64.0.1/', 'CGNAT'],
    ['http://100.127.255.255/', 'CGNAT'],
    ['http://0.0.0.0/', 'unspecified'],
    ['http://[::]/', 'unspecified'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://[ff02::1]/', 'multicast'],
    ['http://255.255.255.255/', 'broadcast'],
    ['http://169.254.169.254/latest/meta-data', 'cloud metadata address'],
    ['http://[fd00:ec2::254]/', 'cloud metadata address'],
    ['http://metadata.google.internal/', 'cloud metadata host name'],
    ['ftp://example.com/', 'scheme ftp: is not supported'],
    ['file:///etc/passwd', 'scheme file: is not supported'],
    ['not a url', 'not a valid absolute URL'],
  ])('refuses %s', async (url, reason) => {
    const message = await refusal(url);
    expect(message).toContain('Push notification URL');
    expect(message).toContain(reason);
  });

  // Every IPv6 spelling that carries an internal IPv4 address (issue 31 found the first two let through).
  it.each([
    ['http://[::127.0.0.1]/', 'IPv4-compatible'],
    ['http://[::7f00:1]/', 'IPv4-compatible, hex'],
    ['http://[::ffff:0:7f00:1]/', 'IPv4-translated'],
    ['http://[::ffff:0:127.0.0.1]/', 'IPv4-translated, dotted'],
    ['http://[0:0:0:0:0:ffff:127.0.0.1]/', 'IPv4-mapped, uncompressed'],
    ['http://[::ffff:7f00:1]/', 'IPv4-mapped, hex'],
    ['http://[64:ff9b::127.0.0.1]/', 'NAT64'],
    ['http://[64:ff9b::a9fe:a9fe]/', 'NAT64 to the metadata address'],
    ['http://[::10.0.0.1]/', 'IPv4-compatible private'],
    ['http://[::ffff:0:192.168.1.1]/', 'IPv4-translated private'],
    ['http://[2002:7f00:1::]/', '6to4 of loopback'],
    ['http://[2002:a9fe:a9fe::1]/', '6to4 of the metadata address'],
  ])('refuses %s (%s) for the IPv4 address inside', async (url) => {
    expect(await refusal(url)).toMatch(
      /embeds (127\.0\.0\.1 is a loopback|169\.254\.169\.254 is a cloud metadata|10\.0\.0\.1 is a private|192\.168\.1\.1 is a private) address/,
    );
  });

  it.each([
    ['http://[::ffff:8.8.8.8]/', 'IPv4-mapped public'],
    ['http://[64:ff9b::808:808]/', 'NAT64 public'],
    ['http://[::8.8.8.8]/', 'IPv4-compatible public'],
  ])('accepts %s (%s): a public IPv4 address inside', async (url) => {
    expect(await refusal(url)).toBe('accepted');
  });

  it('still refuses a 6to4 address that carries a public IPv4 address: the tunnel itself is refused', async () => {
    expect(await refusal('http://[2002:808:808::1]/')).toContain('is a 6to4 tunnel address');
  });

  it('names the URL without its query or credentials', async () => {
    const message = await refusal('http://user:pw@127.0.0.1:9/hook?secret=1');
    expect(message).toContain('http://127.0.0.1:9/hook');
    expect(message).not.toContain('secret');
    expect(message).not.toContain('pw');
  });

  it('accepts public addresses and names without making any request', async () => {
    expect(await refusal('https://93.184.216.34/hook')).toBe('accepted');
    expect(await refusal('http://172.32.0.1/')).toBe('accepted');
    expect(await refusal('http://[2606:4700::1111]/')).toBe('accepted');
    const policy = createWebhookUrlPolicy({ resolveHost: async () => ['8.8.8.8'] });
    expect(await refusal('https://hooks.example.com/a2a', policy)).toBe('accepted');
  });

  it('refuses a name that resolves to a forbidden address', async () => {
    const policy = createWebhookUrlPolicy({ resolveHost: async () => ['8.8.8.8', '127.0.0.1'] });
    expect(await refusal('http://evil.example/', policy)).toContain(
      'evil.example resolves to 127.0.0.1 is a loopback address',
    );
    const mapped = createWebhookUrlPolicy({ resolveHost: async () => ['::ffff:10.0.0.1'] });
    expect(await refusal('http://evil.example/', mapped)).toContain('private address');
    const failing = createWebhookUrlPolicy({
      resolveHost: async () => {
        throw new Error('ENOTFOUND');
      },
    });
    expect(await refusal('http://nowhere.example/', failing)).toContain('could not be resolved');
    const empty = createWebhookUrlPolicy({ resolveHost: async () => [] });
    expect(await refusal('http://nowhere.example/', empty)).toContain('resolves to no address');
  });

  it('accepts a name that does not resolve when told to, but still refuses one that resolves inward', async () => {
    let answer: () => Promise<string[]> = async () => {
      throw new Error('ENOTFOUND');
    };
    const registration = createWebhookUrlPolicy({ resolveHost: () => answer(), unresolvedNames: 'accept' });
    expect(await refusal('https://hooks.example.com/a2a', registration)).toBe('accepted');
    answer = async () => [];
    expect(await refusal('https://hooks.example.com/a2a', registration)).toBe('accepted');
    answer = async () => ['10.0.0.7'];
    expect(await refusal('https://hooks.example.com/a2a', registration)).toContain('private address');
  });

  it('lets allowlisted names, addresses and ranges through', async () => {
    const policy = createWebhookUrlPolicy({
      allowlist: ['127.0.0.1', 'localhost', '10.0.0.0/8'],
      resolveHost: async () => ['127.0.0.1'],
    });
    expect(await refusal('http://127.0.0.1:4000/hook', policy)).toBe('accepted');
    expect(await refusal('http://localhost:4000/hook', policy)).toBe('accepted');
    expect(await refusal('http://10.9.9.9/', policy)).toBe('accepted');
    expect(await refusal('http://dev.example/', policy)).toBe('accepted');
    expect(await refusal('http://127.0.0.2/', policy)).toContain('loopback');
    expect(await refusal('http://192.168.0.1/', policy)).toContain('private');
  });
});
