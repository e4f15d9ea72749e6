import { type Artifact, createId } from '@baton/protocol';
import { copyArtifactFields } from '../vocabulary/wire-fields.ts';
import type { ArtifactStream, ArtifactStreamInit, PartsInput } from './agent-executor.ts';
import { toParts } from './agent-message.ts';
import type { ExecutionHost } from './execution-host.ts';

/**
 * Creates an {@link ArtifactStream}: the first chunk carries the artifact's name and description with
 * `append: false`, later chunks carry only the id and the new parts with `append: true`, and `end` sets
 * `lastChunk: true`. Each chunk is queued when the method is called, so chunks keep their order unawaited.
 */
export function createArtifactStream(host: ExecutionHost, init: ArtifactStreamInit = {}): ArtifactStream {
  const artifactId = init.artifactId ?? createId();
  let started = false;
  let ended = false;

  function send(parts: PartsInput, lastChunk: boolean): Promise<void> {
    if (ended) return Promise.reject(new Error(`Artifact ${artifactId} was already ended`));
    ended = lastChunk;
    const append = started;
    started = true;
    const artifact: Artifact = { artifactId, parts: toParts(parts) };
    if (!append) copyArtifactFields(init, artifact);
    return host.writeArtifact(artifact, { append, lastChunk });
  }

  return {
    artifactId,
    write: (parts) => send(parts, false),
    end: (parts) => send(parts ?? [{ text: '' }], true),
  };
}
