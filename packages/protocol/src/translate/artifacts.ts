import type { Artifact } from '../v1/artifact.ts';
import type * as v03 from '../v03/index.ts';
import { optional, optionalCopy } from './copy.ts';
import { at, requiredList, requiredString, type TranslateOptions } from './loss.ts';
import { partFromV03, partToV03 } from './parts.ts';

/** 0.3 artifact → 1.0; throws if `artifactId` is empty or there are no parts (1.0 REQUIRES both). */
export function artifactFromV03(artifact: v03.Artifact, options: TranslateOptions = {}): Artifact {
  return {
    artifactId: requiredString(options, 'artifactId', artifact.artifactId),
    ...optional('name', artifact.name),
    ...optional('description', artifact.description),
    parts: requiredList(options, 'parts', artifact.parts).map((part) => partFromV03(part)),
    ...optionalCopy('metadata', artifact.metadata),
    ...optionalCopy('extensions', artifact.extensions),
  };
}

/** 1.0 artifact → 0.3; see {@link partToV03} for losses. */
export function artifactToV03(artifact: Artifact, options: TranslateOptions = {}): v03.Artifact {
  const partsOptions = at(options, 'parts');
  return {
    artifactId: artifact.artifactId,
    ...optional('name', artifact.name),
    ...optional('description', artifact.description),
    parts: artifact.parts.map((part, index) => partToV03(part, at(partsOptions, index))),
    ...optionalCopy('extensions', artifact.extensions),
    ...optionalCopy('metadata', artifact.metadata),
  };
}
