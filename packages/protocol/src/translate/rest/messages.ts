import type * as v03 from '../../v03/index.ts';
import type * as rest from '../../v03/rest/index.ts';
import * as jsonRpcArtifacts from '../artifacts.ts';
import { cloneJson } from '../copy.ts';
import * as jsonRpcEnums from '../enums.ts';
import { at, lossTo03, type TranslateOptions } from '../loss.ts';
import * as jsonRpcMessages from '../messages.ts';
import { composeFromV03, composeToV03 } from './compose.ts';
import { partFromJsonRpc, partToJsonRpc } from './parts.ts';

/** 0.3 REST role → 0.3 JSON-RPC (`ROLE_USER` → `user`, `ROLE_AGENT` → `agent`). */
export function roleToJsonRpc(role: rest.Role): v03.Role {
  return role === 'ROLE_USER' ? 'user' : 'agent';
}

/** 0.3 JSON-RPC role → 0.3 REST (`user` → `ROLE_USER`, `agent` → `ROLE_AGENT`). */
export function roleFromJsonRpc(role: v03.Role): rest.Role {
  return role === 'user' ? 'ROLE_USER' : 'ROLE_AGENT';
}

/** 0.3 REST message → 0.3 JSON-RPC (`content` → `parts`, adds `kind: "message"`); lossless. */
export function messageToJsonRpc(message: rest.Message): v03.Message {
  const { role, content, ...fields } = message;
  return {
    kind: 'message',
    ...cloneJson(fields),
    role: roleToJsonRpc(role),
    parts: content.map((part) => partToJsonRpc(part)),
  };
}

/** 0.3 JSON-RPC message → 0.3 REST (`parts` → `content`); `referenceTaskIds`, not in the proto, is dropped. */
export function messageFromJsonRpc(message: v03.Message, options: TranslateOptions = {}): rest.Message {
  const { kind: _, role, parts, referenceTaskIds, ...fields } = message;
  if (referenceTaskIds !== undefined) {
    lossTo03(options, 'referenceTaskIds', '0.3 REST messages have no referenceTaskIds; dropped');
  }
  const partOptions = at(options, 'parts');
  return {
    ...cloneJson(fields),
    role: roleFromJsonRpc(role),
    content: parts.map((part, index) => partFromJsonRpc(part, at(partOptions, index))),
  };
}

/** 0.3 REST artifact → 0.3 JSON-RPC (same fields, parts converted); lossless. */
export function artifactToJsonRpc(artifact: rest.Artifact): v03.Artifact {
  const { parts, ...fields } = artifact;
  return { ...cloneJson(fields), parts: parts.map((part) => partToJsonRpc(part)) };
}

/** 0.3 JSON-RPC artifact → 0.3 REST; part losses are reported under `parts[i]`. */
export function artifactFromJsonRpc(artifact: v03.Artifact, options: TranslateOptions = {}): rest.Artifact {
  const { parts, ...fields } = artifact;
  const partOptions = at(options, 'parts');
  return {
    ...cloneJson(fields),
    parts: parts.map((part, index) => partFromJsonRpc(part, at(partOptions, index))),
  };
}

/** 1.0 role → 0.3 REST via JSON-RPC; `ROLE_UNSPECIFIED`, which 0.3 lacks, becomes `ROLE_AGENT` (reported). */
export const roleToV03 = composeToV03(jsonRpcEnums.roleToV03, roleFromJsonRpc);

/** 0.3 REST message → 1.0 via JSON-RPC; throws if `messageId` is empty or `content` has no parts. */
export const messageFromV03 = composeFromV03(messageToJsonRpc, jsonRpcMessages.messageFromV03);

/** 1.0 message → 0.3 REST via JSON-RPC (`parts` → `content`); `referenceTaskIds` and part losses reported. */
export const messageToV03 = composeToV03(jsonRpcMessages.messageToV03, messageFromJsonRpc);

/** 0.3 REST artifact → 1.0 via JSON-RPC; throws if `artifactId` is empty or there are no parts. */
export const artifactFromV03 = composeFromV03(artifactToJsonRpc, jsonRpcArtifacts.artifactFromV03);

/** 1.0 artifact → 0.3 REST via JSON-RPC; part losses as in `partToV03`. */
export const artifactToV03 = composeToV03(jsonRpcArtifacts.artifactToV03, artifactFromJsonRpc);
