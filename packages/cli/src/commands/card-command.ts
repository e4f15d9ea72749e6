import { resolveAgentCard, verifyAgentCardSignatures } from '@baton/client';
import type { AgentCard } from '@baton/protocol';
import { CliError, EXIT, usage } from '../cli-error.ts';
import type { CliIo } from '../cli-io.ts';
import type { CliOptions } from '../cli-options.ts';
import { printJson } from '../print-task.ts';

export const CARD_HELP = `baton card <url> [--jwks <url>] [--json]

Reads an agent's card (1.0, 0.3 or hybrid) from its base URL or card URL and prints it: skills, interfaces,
capabilities, security. A card that is not valid is an error naming the fields (exit 3). Signatures are
checked with --jwks, or with the key set a signature names when it is on the card's own origin.`;

/** Why the card's signatures could or could not be checked, in one line. */
async function signatureLine(
  raw: unknown,
  cardUrl: string | undefined,
  jwks: string | undefined,
): Promise<string> {
  const signatures = (raw as { signatures?: unknown[] }).signatures;
  if (!Array.isArray(signatures) || signatures.length === 0) return 'none';
  const origin = cardUrl ? new URL(cardUrl).origin : undefined;
  const sameOriginJku = signatures.some((signature) => {
    try {
      const encoded = (signature as { protected?: string }).protected ?? '';
      const header = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8')) as { jku?: string };
      return header.jku !== undefined && new URL(header.jku).origin === origin;
    } catch {
      return false;
    }
  });
  if (!jwks && !sameOriginJku)
    return `${signatures.length} present, not checked (give --jwks <url> to check)`;
  try {
    const verified = await verifyAgentCardSignatures(raw, {
      ...(jwks ? { jwksUrl: jwks } : {}),
      allowJku: (url) => origin !== undefined && new URL(url).origin === origin,
    });
    return `verified (kid ${verified.protectedHeader.kid ?? 'none'}, ${verified.protectedHeader.alg})`;
  } catch (error) {
    return `NOT verified: ${(error as Error).message}`;
  }
}

function describe(card: AgentCard, shape: string, url: string | undefined, signature: string): string {
  const lines = [
    `${card.name} ${card.version} (card ${shape}${url ? ` from ${url}` : ''})`,
    card.description,
    '',
  ];
  lines.push('interfaces:');
  for (const entry of card.supportedInterfaces) {
    lines.push(
      `  ${entry.protocolBinding} ${entry.protocolVersion}  ${entry.url}${entry.tenant ? ` (tenant ${entry.tenant})` : ''}`,
    );
  }
  const capabilities = Object.entries(card.capabilities ?? {})
    .filter(([, value]) => value === true)
    .map(([name]) => name);
  lines.push(`capabilities: ${capabilities.join(', ') || 'none'}`);
  const schemes = Object.keys(card.securitySchemes ?? {});
  lines.push(`security: ${schemes.join(', ') || 'none (public)'}`);
  lines.push(`signatures: ${signature}`);
  lines.push('skills:');
  for (const skill of card.skills) lines.push(`  ${skill.id}: ${skill.name}: ${skill.description}`);
  return `${lines.join('\n')}\n`;
}

/** `baton card <url>`. */
export async function cardCommand(io: CliIo, args: readonly string[], options: CliOptions): Promise<number> {
  const [url] = args;
  if (!url || args.length > 1) throw usage('baton card takes one URL');
  const resolved = await resolveAgentCard(url, { headers: options.headers });
  const signature = await signatureLine(resolved.raw, resolved.url, options.jwks);
  if (options.json) {
    printJson(io, { url: resolved.url, shape: resolved.shape, signature, card: resolved.card });
  } else {
    io.stdout.write(describe(resolved.card, resolved.shape, resolved.url, signature));
  }
  if (signature.startsWith('NOT verified')) {
    throw new CliError(EXIT.unreachable, `The card's signature does not verify: ${signature.slice(14)}`);
  }
  return EXIT.ok;
}
