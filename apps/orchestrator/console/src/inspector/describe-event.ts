import { artifactText } from '@baton/client';
import type { StreamResponse } from '@baton/protocol';

const stateName = (state: string) => state.replace('TASK_STATE_', '').toLowerCase().replace(/_/g, '-');

/** One event as a person reads it: what happened, and the text it carries. */
export function describeEvent(event: StreamResponse): string {
  if ('task' in event) return `task ${event.task.id}: ${stateName(event.task.status.state)}`;
  if ('statusUpdate' in event) {
    const message = event.statusUpdate.status.message;
    const text = message?.parts.map((part) => ('text' in part ? part.text : '')).join('') ?? '';
    return `status: ${stateName(event.statusUpdate.status.state)}${text ? ` (${text})` : ''}`;
  }
  if ('artifactUpdate' in event) {
    const { artifact, append, lastChunk } = event.artifactUpdate;
    const flags = [append ? 'append' : '', lastChunk ? 'last chunk' : ''].filter(Boolean).join(', ');
    return `artifact ${artifact.name ?? artifact.artifactId}${flags ? ` [${flags}]` : ''}: ${artifactText(artifact)}`;
  }
  const text = event.message.parts.map((part) => ('text' in part ? part.text : '')).join('');
  return `message from ${event.message.role === 'ROLE_AGENT' ? 'agent' : 'user'}: ${text}`;
}
