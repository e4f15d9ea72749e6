/** The card of the conformance agent, and the extra skill its extended card adds. */
import type { AgentCardInput } from '@baton/server';

/** The public card: one skill that answers the kit's scenarios. */
export const CONFORMANCE_CARD: AgentCardInput = {
  name: 'Baton conformance agent',
  description:
    'Plays the scenarios of the A2A conformance kit (a2aproject/a2a-tck), keyed on the messageId prefix.',
  version: '1.0.0',
  provider: { organization: 'Baton', url: 'https://github.com/a2aproject/a2a-tck' },
  defaultInputModes: ['text/plain'],
  defaultOutputModes: ['text/plain', 'application/json'],
  skills: [
    {
      id: 'tck',
      name: 'TCK conformance',
      description: 'Handles the conformance kit test messages',
      tags: ['tck'],
    },
  ],
};

/** What the extended (authenticated) card adds: a second skill. */
export const EXTENDED_CARD: Partial<AgentCardInput> = {
  description: `${CONFORMANCE_CARD.description} Extended card.`,
  skills: [
    ...CONFORMANCE_CARD.skills,
    {
      id: 'tck-extended',
      name: 'TCK extended skill',
      description: 'Only listed on the extended agent card',
      tags: ['tck', 'extended'],
    },
  ],
};
