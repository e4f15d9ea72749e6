import { type Artifact, joinText, type Message, type Part, type Task } from '@baton/client';
import { taskStateName } from '@baton/protocol';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

type Content = CallToolResult['content'][number];

/** The text of a message's (or artifact's) text parts, joined, without surrounding white space. */
export function partsText(parts: readonly Part[] | undefined): string {
  return joinText(parts ?? []).trim();
}

const dataOf = (parts: readonly Part[]) =>
  parts.flatMap((part) => ('data' in part && part.data !== undefined ? [part.data] : []));

/** A file part as MCP content: an image, an embedded blob, or a link to where it lives. */
function fileContent(part: Part, artifact: Artifact): Content | undefined {
  const mimeType = part.mediaType ?? 'application/octet-stream';
  if ('raw' in part) {
    if (mimeType.startsWith('image/')) return { type: 'image', data: part.raw, mimeType };
    const name = part.filename ?? artifact.name ?? artifact.artifactId;
    return {
      type: 'resource',
      resource: { uri: `a2a-artifact:${artifact.artifactId}/${name}`, blob: part.raw, mimeType },
    };
  }
  if ('url' in part) {
    return {
      type: 'resource_link',
      uri: part.url,
      name: part.filename ?? artifact.name ?? artifact.artifactId,
      mimeType,
    };
  }
  return undefined;
}

function artifactSummary(artifact: Artifact): { name?: string; text?: string; data?: unknown } {
  const text = partsText(artifact.parts);
  const data = dataOf(artifact.parts);
  return {
    ...(artifact.name ? { name: artifact.name } : {}),
    ...(text ? { text } : {}),
    ...(data.length === 1 ? { data: data[0] } : data.length > 1 ? { data } : {}),
  };
}

/** The MCP result of a task that completed: each artifact's text, data (as JSON text too) and files. */
function completedContent(artifacts: readonly Artifact[], fallback: string): Content[] {
  const content: Content[] = [];
  for (const artifact of artifacts) {
    const text = partsText(artifact.parts);
    if (text) content.push({ type: 'text', text });
    for (const data of dataOf(artifact.parts))
      content.push({ type: 'text', text: JSON.stringify(data, null, 2) });
    for (const part of artifact.parts) {
      const file = fileContent(part, artifact);
      if (file) content.push(file);
    }
  }
  if (content.length === 0 && fallback) content.push({ type: 'text', text: fallback });
  return content;
}

/**
 * What an agent tool returns for how its task ended (or for a direct message): its artifacts as MCP content
 * (text, JSON of each DataPart, images, embedded or linked files) and a `structuredContent` that says the same
 * with the task and context ids (`AGENT_TOOL_OUTPUT_SCHEMA`). A failed, rejected, canceled or auth-required task is
 * an error result with the agent's words; an input-required one returns the question and how to answer it.
 */
export function toolResultOf(outcome: Task | Message, toolName: string): CallToolResult {
  if (!('status' in outcome)) {
    const text = partsText(outcome.parts);
    const data = dataOf(outcome.parts);
    return {
      content: [
        ...(text ? [{ type: 'text' as const, text }] : []),
        ...data.map((value) => ({ type: 'text' as const, text: JSON.stringify(value, null, 2) })),
      ],
      structuredContent: {
        state: 'message',
        ...(outcome.contextId ? { contextId: outcome.contextId } : {}),
        ...(text ? { text } : {}),
        ...(data.length > 0 ? { artifacts: [{ data: data.length === 1 ? data[0] : data }] } : {}),
      },
    };
  }
  const state = taskStateName(outcome.status.state);
  const said = partsText(outcome.status.message?.parts);
  const ids = { taskId: outcome.id, contextId: outcome.contextId };
  if (state === 'input-required') {
    const question = said || 'The agent needs more input.';
    return {
      content: [
        {
          type: 'text',
          text: `${question}\n\n(The agent is waiting for an answer: call ${toolName} again with taskId "${outcome.id}" and the answer as text.)`,
        },
      ],
      structuredContent: { state, ...ids, question },
    };
  }
  if (state !== 'completed') {
    const reason = said || `The agent's task ended ${state}.`;
    return {
      isError: true,
      content: [{ type: 'text', text: state === 'failed' ? reason : `${reason} (task ${state})` }],
      structuredContent: { state, ...ids, ...(said ? { text: said } : {}) },
    };
  }
  const artifacts = outcome.artifacts ?? [];
  const text =
    artifacts
      .map((artifact) => partsText(artifact.parts))
      .filter(Boolean)
      .join('\n\n') || said;
  return {
    content: completedContent(artifacts, said),
    structuredContent: {
      state,
      ...ids,
      ...(text ? { text } : {}),
      artifacts: artifacts.map(artifactSummary),
    },
  };
}
