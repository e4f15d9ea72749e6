import type { Task } from '@baton/protocol';
import type { CliIo } from './cli-io.ts';
import { renderParts } from './render-parts.ts';
import { messageText, stateName, waitsForCaller } from './task-outcome.ts';

/** A task for people: its id and state, the agent's last word, and each artifact (data shown as data). */
export function printTask(io: CliIo, task: Task): void {
  io.stdout.write(`task ${task.id} ${stateName(task.status.state)} (context ${task.contextId})\n`);
  const said = messageText(task.status.message);
  if (said) io.stdout.write(`${said}\n`);
  for (const artifact of task.artifacts ?? []) {
    const shown = renderParts(artifact.parts);
    io.stdout.write(
      `\n## ${artifact.name ?? artifact.artifactId}\n${shown}${shown.endsWith('\n') ? '' : '\n'}`,
    );
  }
  if (waitsForCaller(task)) {
    io.stderr.write(`The agent is waiting for you: answer with --task ${task.id}\n`);
  }
}

/** One JSON object on its own line (`--json`). */
export function printJson(io: CliIo, value: unknown): void {
  io.stdout.write(`${JSON.stringify(value)}\n`);
}
