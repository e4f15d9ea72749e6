import { describe, expect, it } from 'vitest';
import { selectInterface } from './select-interface.ts';

const card = {
  supportedInterfaces: [
    { url: 'https://a.example/grpc', protocolBinding: 'GRPC', protocolVersion: '1.0' },
    {
      url: 'https://a.example/rest',
      protocolBinding: 'HTTP+JSON',
      protocolVersion: '1.0',
      tenant: 'Acme/EU',
    },
    { url: 'https://a.example/rpc', protocolBinding: 'JSONRPC', protocolVersion: '1.0.2', tenant: '' },
    { url: 'https://a.example/rpc03', protocolBinding: 'JSONRPC', protocolVersion: '0.3.0' },
  ],
};

describe('selectInterface', () => {
  it('takes the first interface the client speaks, in the card order', () => {
    expect(selectInterface(card)).toEqual({
      url: 'https://a.example/rest',
      binding: 'HTTP+JSON',
      version: '1.0',
      tenant: 'Acme/EU',
    });
  });

  it('keeps the card order even when the caller lists bindings in another order', () => {
    expect(selectInterface(card, { bindings: ['JSONRPC', 'HTTP+JSON'] }).binding).toBe('HTTP+JSON');
  });

  it('restricts bindings and compares versions by Major.Minor, leaving out an empty tenant', () => {
    expect(selectInterface(card, { bindings: ['JSONRPC'] })).toEqual({
      url: 'https://a.example/rpc',
      binding: 'JSONRPC',
      version: '1.0',
    });
  });

  it('restricts versions', () => {
    expect(selectInterface(card, { versions: ['0.3'] })).toEqual({
      url: 'https://a.example/rpc03',
      binding: 'JSONRPC',
      version: '0.3',
    });
  });

  it('throws NO_USABLE_INTERFACE listing what the card offers', () => {
    const grpcOnly = {
      supportedInterfaces: [
        { url: 'https://a.example/grpc', protocolBinding: 'GRPC', protocolVersion: '1.0' },
      ],
    };
    expect(() => selectInterface(grpcOnly)).toThrow(
      expect.objectContaining({
        code: 'NO_USABLE_INTERFACE',
        message: expect.stringContaining('GRPC 1.0 at https://a.example/grpc'),
      }),
    );
    expect(() => selectInterface(card, { versions: ['0.3'], bindings: ['HTTP+JSON'] })).toThrow(
      /HTTP\+JSON 1\.0/,
    );
  });
});
