import { z } from 'zod';
import { type ApprovalNode, nodeBaseShape, StepIdSchema } from '../chains/chain-nodes.ts';
import { ChainError } from '../run/chain-error.ts';
import { readScope } from '../run/scope.ts';
import type { NodeKind } from './node-kind.ts';

/** The longest an approval may wait: 30 days. */
const MAX_APPROVAL_MS = 30 * 24 * 3_600_000;

/**
 * Waits for a person's decision: the run is `input-required` with the approval (its prompt, and the artifact of
 * `show`) until someone approves or rejects it (`POST /runs/:id/approve` or `/reject`, the console, the CLI, or a
 * reply on the orchestrator's A2A task), or `timeoutMs` passes and `onTimeout` decides. Approved, its artifact is
 * the one shown (or the person's edit of it; `{ approved: true }` when it shows none); rejected, the step fails
 * with APPROVAL_REJECTED. The request and the decision are kept before the run acts on them.
 */
export const approvalNode: NodeKind<ApprovalNode> = {
  kind: 'approval',
  matches: (raw) => raw.kind === 'approval' || 'approval' in raw,
  schema: () =>
    z
      .object({
        ...nodeBaseShape,
        kind: z.literal('approval').optional(),
        approval: z
          .object({
            prompt: z.string().min(1).max(2_000),
            show: StepIdSchema.optional(),
            data: z.record(z.string(), z.unknown()).optional(),
            timeoutMs: z.number().int().min(1_000).max(MAX_APPROVAL_MS).optional(),
            onTimeout: z.enum(['approve', 'reject']).default('reject'),
          })
          .strict(),
      })
      .strict(),
  blocks: () => [],
  problems: (node, scope) =>
    node.approval.show !== undefined && node.approval.data !== undefined
      ? [{ path: ['approval', 'data'], message: "shows a step's artifact or data, not both" }]
      : node.approval.show === undefined || scope.visible.includes(node.approval.show)
        ? []
        : [
            {
              path: ['approval', 'show'],
              message: scope.known.has(node.approval.show)
                ? `shows the artifact of "${node.approval.show}", which "${node.id}" does not depend on`
                : `names no step: "${node.approval.show}"`,
            },
          ],
  async run(node, at) {
    const shown =
      node.approval.data !== undefined
        ? { value: node.approval.data, taskIds: [] }
        : node.approval.show === undefined
          ? undefined
          : readScope(at.scope, node.approval.show);
    const decided = await at.run.approvals.ask(
      {
        key: at.key,
        step: node.id,
        prompt: node.approval.prompt,
        ...(shown === undefined ? {} : { artifact: shown.value }),
        timeoutMs: node.approval.timeoutMs,
        onTimeout: node.approval.onTimeout,
      },
      at.signal,
    );
    if (decided.status !== 'approved') {
      const why = decided.by === 'timeout' ? 'nobody decided in time' : 'it was rejected';
      throw new ChainError(
        'APPROVAL_REJECTED',
        `The ${node.id} step was not approved: ${why}${decided.comment ? ` ("${decided.comment}")` : ''}`,
        { step: node.id },
      );
    }
    const value = decided.edited ??
      shown?.value ?? { approved: true, ...(decided.comment ? { comment: decided.comment } : {}) };
    return { value, taskIds: shown?.taskIds ?? [] };
  },
};
