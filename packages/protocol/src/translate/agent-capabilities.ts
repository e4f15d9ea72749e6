import type { AgentCapabilities, AgentExtension } from '../v1/agent-capabilities.ts';
import type * as v03 from '../v03/index.ts';
import { optional, optionalCopy } from './copy.ts';
import { at, lossTo1, lossTo03, type TranslateOptions } from './loss.ts';

/** 0.3 agent extension → 1.0; an empty 0.3 `uri` is left out (1.0 reads `""` as unset). */
export function agentExtensionFromV03(extension: v03.AgentExtension): AgentExtension {
  return {
    ...optional('uri', extension.uri === '' ? undefined : extension.uri),
    ...optional('description', extension.description),
    ...optional('required', extension.required),
    ...optionalCopy('params', extension.params),
  };
}

/** 1.0 agent extension → 0.3; a missing `uri`, REQUIRED in 0.3, is written as `""` and reported. */
export function agentExtensionToV03(
  extension: AgentExtension,
  options: TranslateOptions = {},
): v03.AgentExtension {
  if (extension.uri === undefined || extension.uri === '') {
    lossTo03(options, 'uri', '0.3 REQUIRES an extension uri; the missing one is written as ""');
  }
  return {
    uri: extension.uri ?? '',
    ...optional('description', extension.description),
    ...optional('required', extension.required),
    ...optionalCopy('params', extension.params),
  };
}

/**
 * 0.3 capabilities → 1.0. `stateTransitionHistory` was removed in 1.0 and is dropped (reported whenever present);
 * `extendedAgentCard` comes from the card-level `supportsAuthenticatedExtendedCard`.
 */
export function agentCapabilitiesFromV03(
  capabilities: v03.AgentCapabilities,
  supportsAuthenticatedExtendedCard: boolean | undefined,
  options: TranslateOptions = {},
): AgentCapabilities {
  if (capabilities.stateTransitionHistory !== undefined) {
    lossTo1(options, 'stateTransitionHistory', '1.0 removed this capability; dropped');
  }
  return {
    ...optional('streaming', capabilities.streaming),
    ...optional('pushNotifications', capabilities.pushNotifications),
    ...optional(
      'extensions',
      capabilities.extensions?.map((extension) => agentExtensionFromV03(extension)),
    ),
    ...optional('extendedAgentCard', supportsAuthenticatedExtendedCard),
  };
}

/** 1.0 capabilities → 0.3; `extendedAgentCard` is not here but on the card (`supportsAuthenticatedExtendedCard`). */
export function agentCapabilitiesToV03(
  capabilities: AgentCapabilities,
  options: TranslateOptions = {},
): v03.AgentCapabilities {
  const extensions = at(options, 'extensions');
  return {
    ...optional('streaming', capabilities.streaming),
    ...optional('pushNotifications', capabilities.pushNotifications),
    ...optional(
      'extensions',
      capabilities.extensions?.map((extension, index) =>
        agentExtensionToV03(extension, at(extensions, index)),
      ),
    ),
  };
}
