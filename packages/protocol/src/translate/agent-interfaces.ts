import type { AgentInterface } from '../v1/agent-interface.ts';
import type * as v03 from '../v03/index.ts';
import { at, lossTo1, lossTo03, requiredString, type TranslateOptions, TranslationError } from './loss.ts';

/** The transport a 0.3 card without `preferredTransport` serves at `url` (the 0.3 JSON schema default). */
export const DEFAULT_V03_TRANSPORT = 'JSONRPC';

/** The `protocolVersion` a 0.3 card built from a 1.0 card declares. */
export const V03_CARD_PROTOCOL_VERSION = '0.3.0';

/** `Major.Minor` of a version string (`0.3.0` → `0.3`), or `undefined` if it does not start with one. */
export function majorMinor(version: string): string | undefined {
  const match = /^(\d+)\.(\d+)/.exec(version);
  return match === null ? undefined : `${match[1]}.${match[2]}`;
}

/** The 0.3 card's endpoint fields, as {@link agentInterfacesToV03} builds them. */
export interface V03CardInterfaces {
  readonly url: string;
  readonly preferredTransport: string;
  readonly additionalInterfaces: v03.AgentInterface[];
}

/**
 * 0.3 endpoints → 1.0 `supportedInterfaces`: `url` + `preferredTransport` (default JSONRPC) first, then the other
 * `additionalInterfaces` without duplicates, each with the card's `protocolVersion` as Major.Minor (a patch level
 * other than 0 has no place and is reported).
 */
export function agentInterfacesFromV03(
  card: Pick<v03.AgentCard, 'protocolVersion' | 'url' | 'preferredTransport' | 'additionalInterfaces'>,
  options: TranslateOptions = {},
): AgentInterface[] {
  const version = majorMinor(card.protocolVersion) ?? card.protocolVersion;
  const patch = card.protocolVersion.slice(version.length + 1);
  if (patch !== '' && Number(patch) !== 0) {
    lossTo1(
      options,
      'protocolVersion',
      `1.0 interfaces carry Major.Minor only; ${card.protocolVersion} written as ${version}`,
    );
  }
  const main = {
    url: requiredString(options, 'url', card.url),
    protocolBinding: card.preferredTransport || DEFAULT_V03_TRANSPORT,
    protocolVersion: version,
  };
  const interfaces: AgentInterface[] = [main];
  const seen = new Set([JSON.stringify([main.url, main.protocolBinding])]);
  const additional = at(options, 'additionalInterfaces');
  (card.additionalInterfaces ?? []).forEach((entry, index) => {
    const key = JSON.stringify([entry.url, entry.transport]);
    if (seen.has(key)) return;
    seen.add(key);
    const entryOptions = at(additional, index);
    interfaces.push({
      url: requiredString(entryOptions, 'url', entry.url),
      protocolBinding: requiredString(entryOptions, 'transport', entry.transport),
      protocolVersion: version,
    });
  });
  return interfaces;
}

/**
 * 1.0 `supportedInterfaces` → 0.3 endpoints. Only interfaces whose `protocolVersion` is 0.3 are used (the others
 * are reported); if none is, all are used and that is reported. The first becomes `url` + `preferredTransport`, all
 * of them are listed in `additionalInterfaces`; a `tenant` has no 0.3 form and is reported.
 */
export function agentInterfacesToV03(
  interfaces: readonly AgentInterface[],
  options: TranslateOptions = {},
): V03CardInterfaces {
  const speaks03 = interfaces.filter((entry) => majorMinor(entry.protocolVersion) === '0.3');
  let used: readonly AgentInterface[] = speaks03;
  if (speaks03.length === 0) {
    lossTo03(
      options,
      undefined,
      'no interface speaks protocolVersion 0.3; all are listed on the 0.3 card anyway',
    );
    used = interfaces;
  } else {
    interfaces.forEach((entry, index) => {
      if (!speaks03.includes(entry)) {
        lossTo03(
          options,
          index,
          `speaks protocolVersion ${entry.protocolVersion}; a 0.3 card lists only 0.3 interfaces, dropped`,
        );
      }
    });
  }
  used.forEach((entry) => {
    if (entry.tenant !== undefined && entry.tenant !== '') {
      lossTo03(
        at(options, interfaces.indexOf(entry)),
        'tenant',
        `0.3 has no tenant; "${entry.tenant}" dropped`,
      );
    }
  });
  const [first] = used;
  if (first === undefined)
    throw new TranslationError('0.3', options.path ?? '', 'is empty; 0.3 REQUIRES a url');
  return {
    url: first.url,
    preferredTransport: first.protocolBinding,
    additionalInterfaces: used.map((entry) => ({ url: entry.url, transport: entry.protocolBinding })),
  };
}
