import { AgentsView } from './agents/agents-view.tsx';
import { ChainPage, ChainsPage } from './chains/chains-page.tsx';
import { InspectorView } from './inspector/inspector-view.tsx';
import { RunPage } from './runs/run-page.tsx';
import { RunsPage } from './runs/runs-page.tsx';
import { SignIn } from './shared/sign-in.tsx';
import { useHashRoute } from './shared/use-hash-route.ts';

const TABS = [
  ['runs', 'Runs'],
  ['chains', 'Chains'],
  ['agents', 'Agents'],
  ['inspector', 'Inspector'],
] as const;

/** The console: runs of the chain, the agents it found, and an inspector for any A2A agent. */
export function App() {
  const [section = 'runs', id] = useHashRoute();
  return (
    <>
      <header class="top">
        <a class="brand" href="#/runs">
          Baton
        </a>
        <nav aria-label="Sections">
          {TABS.map(([key, label]) => (
            <a key={key} href={`#/${key}`} aria-current={section === key ? 'page' : undefined}>
              {label}
            </a>
          ))}
        </nav>
      </header>
      <main>
        <SignIn>
          {section === 'chains' ? (
            id ? (
              <ChainPage name={id} />
            ) : (
              <ChainsPage />
            )
          ) : section === 'agents' ? (
            <AgentsView />
          ) : section === 'inspector' ? (
            <InspectorView />
          ) : id ? (
            <RunPage runId={id} />
          ) : (
            <RunsPage />
          )}
        </SignIn>
      </main>
    </>
  );
}
