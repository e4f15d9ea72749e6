import type { Artifact } from '@baton/protocol';
import { describe, expect, it } from 'vitest';
import type { ArtifactChunk } from '../store/task-store.ts';
import { createArtifactStream } from './artifact-stream.ts';
import type { ExecutionHost } from './execution-host.ts';

function recordingHost() {
  const writes: { artifact: Artifact; chunk: ArtifactChunk }[] = [];
  const host: ExecutionHost = {
    setStatus: async () => undefined,
    reply: async () => undefined,
    awaitReply: async () => expect.unreachable(),
    writeArtifact: async (artifact, chunk) => {
      writes.push({ artifact, chunk });
    },
  };
  return { host, writes };
}

describe('artifact stream', () => {
  it('sends the description with the first chunk only, then appends, and marks the last chunk', async () => {
    const { host, writes } = recordingHost();
    const stream = createArtifactStream(host, { name: 'report', description: 'long', artifactId: 'r' });
    await stream.write('a');
    await stream.write([{ text: 'b' }]);
    await stream.end({ text: 'c' });
    expect(writes).toEqual([
      {
        artifact: { artifactId: 'r', name: 'report', description: 'long', parts: [{ text: 'a' }] },
        chunk: { append: false, lastChunk: false },
      },
      { artifact: { artifactId: 'r', parts: [{ text: 'b' }] }, chunk: { append: true, lastChunk: false } },
      { artifact: { artifactId: 'r', parts: [{ text: 'c' }] }, chunk: { append: true, lastChunk: true } },
    ]);
  });

  it('sends an empty text part when ended without content', async () => {
    const { host, writes } = recordingHost();
    const stream = createArtifactStream(host);
    await stream.write('a');
    await stream.end();
    expect(writes[1]).toMatchObject({
      artifact: { parts: [{ text: '' }] },
      chunk: { append: true, lastChunk: true },
    });
    expect(writes[0]?.artifact.artifactId).toBe(stream.artifactId);
  });

  it('refuses chunks after the end', async () => {
    const { host } = recordingHost();
    const stream = createArtifactStream(host, { artifactId: 'r' });
    await stream.end('done');
    await expect(stream.write('more')).rejects.toThrow('Artifact r was already ended');
  });
});
