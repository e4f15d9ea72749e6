/**
 * @baton/chain: what the outline, doc and summary agents and the orchestrator share — the artifact contracts
 * between the steps (validated at every boundary), the skill ids agents are discovered by, and the generators.
 */
export * from './contracts/artifact-data.ts';
export * from './contracts/document.ts';
export * from './contracts/outline.ts';
export * from './contracts/skills.ts';
export * from './contracts/summary.ts';
export * from './generators/generators.ts';
