import type { Artifact, Message, StreamResponse, Task, TaskState, TaskStatus } from '@baton/protocol';
import { copyArtifactFields } from '../vocabulary/wire-fields.ts';
import type {
  ArtifactChunk,
  GeneratedEvent,
  ReplayedEvents,
  TaskReadOptions,
  TaskScope,
} from './task-store.ts';

// One logged write, kept as it was given (no event object is made until a stream asks for it): the status or the
// artifact itself, with what kind of write it was in a parallel array of small integers (no object per write).
type LoggedWrite = TaskStatus | Artifact;
const STATUS = 0;
const ARTIFACT = 1;
const APPEND = 2;
const LAST_CHUNK = 4;

// An artifact the record owns: its own `parts` array, so appends can push into it.
interface OwnedArtifact extends Artifact {
  parts: Artifact['parts'];
}

/**
 * One task held in memory and changed in place: a status swap, a history push, or a push of parts into one
 * artifact found through an index by id. No write copies or rewrites the task; only {@link snapshot} copies,
 * and only the arrays the record will mutate later (messages, parts and statuses are never mutated).
 */
export class TaskRecord {
  /** The scope the task belongs to. */
  readonly scope: TaskScope;
  private readonly base: Task;
  private status: TaskStatus;
  private readonly history: Message[];
  private readonly artifacts: OwnedArtifact[] = [];
  // Positions by artifact id, made only once a task has many artifacts: most have one or two, and a Map per
  // task was the largest part of what a kept task costs (each one kept alive for as long as its task).
  private artifactIndex: Map<string, number> | undefined = undefined;
  private statusTime: number;
  private writes = 1;
  // The latest writes after the creation, oldest first: the write at index i made generation `logStart + i`.
  // Made on the first write, and bounded by `replayWindow` (0: nothing is kept).
  private log: LoggedWrite[] | undefined = undefined;
  private logKinds: number[] | undefined = undefined;
  private logStart = 2;
  private readonly replayWindow: number;

  constructor(task: Task, scope: TaskScope, replayWindow = 0) {
    const { history, artifacts, status, ...base } = task;
    this.base = base as Task;
    this.scope = scope;
    this.status = status;
    this.statusTime = statusTimeOf(status);
    this.history = history ? [...history] : [];
    this.replayWindow = 0;
    for (const artifact of artifacts ?? []) this.appendArtifact(artifact, { append: false, lastChunk: true });
    this.writes = 1;
    this.replayWindow = replayWindow;
  }

  /** The task id. */
  get id(): string {
    return this.base.id;
  }

  /** The task's context id, if it has one. */
  get contextId(): string | undefined {
    return this.base.contextId;
  }

  /** The task's generation: 1 when created, one more for each status or artifact write (a message alone: none). */
  get version(): number {
    return this.writes;
  }

  /** The current state. */
  get state(): TaskState {
    return this.status.state;
  }

  /** The status timestamp in epoch milliseconds (0 when the status has none); the listing order. */
  get statusTimestamp(): number {
    return this.statusTime;
  }

  /** Replaces the status. */
  setStatus(status: TaskStatus): number {
    this.status = status;
    this.statusTime = statusTimeOf(status);
    this.remember(status, STATUS);
    return ++this.writes;
  }

  /** Appends a message to the history; the generation stays (the status change that follows is the event). */
  addMessage(message: Message): number {
    this.history.push(message);
    return this.writes;
  }

  /** Whether the history's last message has this id. */
  endsWithMessage(messageId: string): boolean {
    return this.history.at(-1)?.messageId === messageId;
  }

  /** Applies one artifact event: add, replace by id, or (with `append`) push its parts into the existing one. */
  appendArtifact(artifact: Artifact, chunk: ArtifactChunk): number {
    const position = this.positionOf(artifact.artifactId);
    const existing = position === undefined ? undefined : this.artifacts[position];
    if (!existing || position === undefined) {
      this.artifactIndex?.set(artifact.artifactId, this.artifacts.length);
      this.artifacts.push(own(artifact));
      if (!this.artifactIndex && this.artifacts.length > INDEXED_FROM) {
        this.artifactIndex = new Map(this.artifacts.map((owned, index) => [owned.artifactId, index]));
      }
    } else if (!chunk.append) {
      this.artifacts[position] = own(artifact);
    } else {
      extend(existing, artifact);
    }
    this.remember(artifact, ARTIFACT | (chunk.append ? APPEND : 0) | (chunk.lastChunk ? LAST_CHUNK : 0));
    return ++this.writes;
  }

  /**
   * The events after `generation`, rebuilt from the logged writes, when the log still holds all of them
   * (`complete`); a generation at or past the current one has none to replay.
   */
  eventsAfter(generation: number): ReplayedEvents {
    const current = this.writes;
    if (generation >= current) return { complete: true, events: [], generation: current };
    const log = this.log;
    if (!log || generation + 1 < this.logStart) return { complete: false, events: [], generation: current };
    const events: GeneratedEvent[] = [];
    for (let index = generation + 1 - this.logStart; index < log.length; index++) {
      const kind = (this.logKinds as number[])[index] as number;
      events.push({
        event: this.eventOf(log[index] as LoggedWrite, kind),
        generation: this.logStart + index,
      });
    }
    return { complete: true, events, generation: current };
  }

  /** Forgets the logged events (a finished task no stream is likely to resume): resumes get the snapshot. */
  forgetEvents(): void {
    if (this.log === undefined) return;
    this.logStart += this.log.length;
    this.log = undefined;
    this.logKinds = undefined;
  }

  private remember(write: LoggedWrite, kind: number): void {
    if (this.replayWindow === 0) return;
    if (!this.log || !this.logKinds) {
      this.log = [];
      this.logKinds = [];
    }
    this.log.push(write);
    this.logKinds.push(kind);
    if (this.log.length > this.replayWindow) {
      this.log.shift();
      this.logKinds.shift();
      this.logStart += 1;
    }
  }

  private eventOf(write: LoggedWrite, kind: number): StreamResponse {
    const taskId = this.base.id;
    const contextId = this.base.contextId ?? '';
    if (kind & ARTIFACT) {
      const artifact = write as Artifact;
      return {
        artifactUpdate: {
          taskId,
          contextId,
          artifact,
          append: (kind & APPEND) !== 0,
          lastChunk: (kind & LAST_CHUNK) !== 0,
        },
      };
    }
    return { statusUpdate: { taskId, contextId, status: write as TaskStatus } };
  }

  /** The live artifact with this id, for inspection only: never mutate it. */
  artifact(artifactId: string): Readonly<Artifact> | undefined {
    const position = this.positionOf(artifactId);
    return position === undefined ? undefined : this.artifacts[position];
  }

  private positionOf(artifactId: string): number | undefined {
    if (this.artifactIndex) return this.artifactIndex.get(artifactId);
    const artifacts = this.artifacts;
    for (let index = 0; index < artifacts.length; index++) {
      if ((artifacts[index] as OwnedArtifact).artifactId === artifactId) return index;
    }
    return undefined;
  }

  /** A copy of the task that later writes will not change. */
  snapshot(options: TaskReadOptions = {}): Task {
    // Field by field in one order, not spread and extended: one object shape for every snapshot, which reads and
    // serializes faster (see `messageForTask`).
    const base = this.base;
    const task: Task =
      base.contextId === undefined
        ? { id: base.id, status: this.status }
        : { id: base.id, contextId: base.contextId, status: this.status };
    if (base.metadata !== undefined) task.metadata = base.metadata;
    const history = selectHistory(this.history, options.historyLength);
    if (history) task.history = history;
    const include = options.includeArtifacts;
    if (include === true || (include === undefined && this.artifacts.length > 0)) {
      task.artifacts = this.artifacts.map(own);
    }
    return task;
  }
}

// How many artifacts a task holds before they are found through an index instead of by looking at each.
const INDEXED_FROM = 8;

// Statuses written in the same millisecond share one timestamp string, so the last one parsed is kept.
let lastParsed: { timestamp: string; time: number } = { timestamp: '', time: 0 };

/** A status's timestamp in epoch milliseconds, 0 when it has none or it does not parse: the listing order. */
export function statusTimeOf(status: TaskStatus): number {
  const timestamp = status.timestamp;
  if (timestamp === undefined) return 0;
  if (timestamp === lastParsed.timestamp) return lastParsed.time;
  const parsed = Date.parse(timestamp);
  const time = Number.isNaN(parsed) ? 0 : parsed;
  lastParsed = { timestamp, time };
  return time;
}

// A copy with its own parts array, field by field in one order.
function own(artifact: Artifact): OwnedArtifact {
  const copy: OwnedArtifact = { artifactId: artifact.artifactId, parts: artifact.parts.slice() };
  copyArtifactFields(artifact, copy);
  return copy;
}

// Cost is proportional to the chunk: parts are pushed one by one (no spread, so no argument-count limit).
function extend(target: OwnedArtifact, chunk: Artifact): void {
  for (const part of chunk.parts) target.parts.push(part);
  if (chunk.name !== undefined) target.name = chunk.name;
  if (chunk.description !== undefined) target.description = chunk.description;
  // Replaced, never mutated: a snapshot handed out earlier may share the old object.
  if (chunk.metadata) target.metadata = { ...target.metadata, ...chunk.metadata };
  if (chunk.extensions) target.extensions = [...new Set([...(target.extensions ?? []), ...chunk.extensions])];
}

function selectHistory(
  history: readonly Message[],
  historyLength: number | undefined,
): Message[] | undefined {
  if (historyLength === 0 || history.length === 0) return undefined;
  return historyLength === undefined ? history.slice() : history.slice(-historyLength);
}
