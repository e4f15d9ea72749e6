import { fileURLToPath } from 'node:url';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { A2A_DESCRIPTOR } from './a2a-descriptor.ts';
import { a2aProto } from './a2a-proto.ts';

const proto = (path: string) => fileURLToPath(new URL(`../proto/${path}`, import.meta.url));

describe('A2A_DESCRIPTOR', () => {
  it('is proto/ exactly (after a change to a .proto file: pnpm --filter @baton/grpc descriptor)', () => {
    const root = new protobuf.Root();
    root.loadSync([proto('a2a.proto'), proto('google/rpc/status.proto')], { keepCase: false });
    expect(JSON.parse(JSON.stringify(A2A_DESCRIPTOR))).toEqual(JSON.parse(JSON.stringify(root.toJSON())));
  });

  it('gives the service with its eleven methods and the message types, field names in lowerCamelCase', () => {
    const { service, type } = a2aProto();
    expect(Object.keys(service.methods)).toEqual(
      expect.arrayContaining([
        'SendMessage',
        'SendStreamingMessage',
        'GetTask',
        'CancelTask',
        'SubscribeToTask',
      ]),
    );
    expect(type('SendMessageRequest').fields.message?.type).toBe('Message');
    expect(type('google.rpc.Status').fields.details?.repeated).toBe(true);
    expect(type('Task').fields.contextId?.id).toBeGreaterThan(0);
  });
});
