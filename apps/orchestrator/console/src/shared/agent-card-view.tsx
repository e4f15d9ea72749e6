import type { AgentCard } from '@baton/protocol';
import { InlineMarkdown } from './markdown.tsx';

/** A card, readable: description, skills, interfaces (binding and version), capabilities, security. */
export function AgentCardView({ card }: { readonly card: AgentCard }) {
  const capabilities = Object.entries(card.capabilities ?? {}).filter(([, value]) => value === true);
  return (
    <div class="agent-card">
      <p>
        <InlineMarkdown text={card.description} />
      </p>
      <dl>
        <dt>Version</dt>
        <dd>{card.version}</dd>
        <dt>Interfaces</dt>
        <dd>
          <ul>
            {card.supportedInterfaces.map((entry) => (
              <li key={`${entry.url}-${entry.protocolBinding}-${entry.protocolVersion}`}>
                <code>{entry.protocolBinding}</code> {entry.protocolVersion}{' '}
                <span class="muted">{entry.url}</span>
              </li>
            ))}
          </ul>
        </dd>
        <dt>Capabilities</dt>
        <dd>{capabilities.length > 0 ? capabilities.map(([name]) => name).join(', ') : 'none'}</dd>
        <dt>Security</dt>
        <dd>
          {Object.keys(card.securitySchemes ?? {}).length > 0
            ? Object.keys(card.securitySchemes ?? {}).join(', ')
            : 'none (public)'}
        </dd>
        <dt>Skills</dt>
        <dd>
          <ul>
            {card.skills.map((skill) => (
              <li key={skill.id}>
                <strong>{skill.name}</strong> <code>{skill.id}</code>:{' '}
                <InlineMarkdown text={skill.description} />
              </li>
            ))}
          </ul>
        </dd>
      </dl>
    </div>
  );
}
