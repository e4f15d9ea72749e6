import { type AgentCard, AgentCardSchema, isJsonObject, translate } from '@baton/protocol';
import * as v03 from '@baton/protocol/v03';
import { A2AClientError } from '../errors/client-error.ts';

/** Which form a card arrived in: pure 1.0, pure 0.3, or a dual-version server's 0.3 card carrying 1.0 interfaces. */
export type AgentCardShape = '1.0' | '0.3' | 'hybrid';

/** A card read into its 1.0 form, with the shape it arrived in. */
export interface ReadAgentCard {
  readonly card: AgentCard;
  readonly shape: AgentCardShape;
}

/** The part of a zod error this module reads (the client does not depend on zod itself). */
interface SchemaIssues {
  readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[];
}

function has(record: Record<string, unknown>, key: string): boolean {
  return record[key] !== undefined && record[key] !== null;
}

function pathOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>((joined, key) => {
    if (typeof key === 'number') return `${joined}[${key}]`;
    return joined === '' ? String(key) : `${joined}.${String(key)}`;
  }, '');
}

function malformed(shape: AgentCardShape, error: SchemaIssues): A2AClientError {
  const details = error.issues.slice(0, 3).map((issue) => {
    const path = pathOf(issue.path);
    return `${path === '' ? '(card)' : path}: ${issue.message}`;
  });
  const more = error.issues.length > 3 ? ` (and ${error.issues.length - 3} more)` : '';
  return new A2AClientError('PROTOCOL', `Malformed ${shape} agent card: ${details.join('; ')}${more}`, {
    cause: error,
  });
}

function fromV03(shape: AgentCardShape, raw: unknown): AgentCard {
  const parsed = v03.AgentCardSchema.safeParse(raw);
  if (!parsed.success) throw malformed(shape, parsed.error);
  try {
    return translate.agentCardFromV03(parsed.data);
  } catch (error) {
    if (!(error instanceof translate.TranslationError)) throw error;
    const where = error.path === '' ? '(card)' : error.path;
    throw new A2AClientError('PROTOCOL', `Malformed ${shape} agent card: ${where}: ${error.reason}`, {
      cause: error,
    });
  }
}

function readV1(raw: unknown): AgentCard {
  const parsed = AgentCardSchema.safeParse(raw);
  if (!parsed.success) throw malformed('1.0', parsed.error);
  return parsed.data;
}

function readHybrid(raw: Record<string, unknown>): AgentCard {
  // Endpoints come from the 1.0 interfaces as given; security and capabilities are in their 0.3 shapes.
  const card = { ...fromV03('hybrid', raw), supportedInterfaces: raw.supportedInterfaces };
  const checked = AgentCardSchema.safeParse(card);
  if (!checked.success) throw malformed('hybrid', checked.error);
  return checked.data;
}

/** Detects a card's shape (1.0, 0.3 or hybrid) and returns its 1.0 form; throws `PROTOCOL` naming the bad field. */
export function readAgentCard(raw: unknown): ReadAgentCard {
  if (!isJsonObject(raw)) {
    throw new A2AClientError('PROTOCOL', 'Malformed agent card: expected a JSON object');
  }
  const hasInterfaces = has(raw, 'supportedInterfaces');
  const hasV03Endpoint = has(raw, 'url') && has(raw, 'protocolVersion');
  if (hasInterfaces && hasV03Endpoint) {
    try {
      return { card: readHybrid(raw), shape: 'hybrid' };
    } catch (error) {
      // A 1.0 card may carry stray 0.3 fields (the spec's own §4.6.1 example does): accept it as 1.0.
      const asV1 = AgentCardSchema.safeParse(raw);
      if (asV1.success) return { card: asV1.data, shape: '1.0' };
      throw error;
    }
  }
  if (hasInterfaces) return { card: readV1(raw), shape: '1.0' };
  if (has(raw, 'url') || has(raw, 'protocolVersion')) return { card: fromV03('0.3', raw), shape: '0.3' };
  return { card: readV1(raw), shape: '1.0' };
}
