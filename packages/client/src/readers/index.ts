/** Readers for artifacts and streams: data and text out of artifacts, chunk assembly, live task snapshots. */
export { applyStreamEvent } from './apply-stream-event.ts';
export { type ArtifactAssembler, createArtifactAssembler } from './artifact-assembler.ts';
export { artifactText, joinText } from './artifact-text.ts';
export { firstDataPart } from './first-data-part.ts';
