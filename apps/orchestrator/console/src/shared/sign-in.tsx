import { Fragment } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { onKeyNeeded, signIn } from './credentials.ts';

/**
 * Asks for the orchestrator's API key when it refused a call: the key is kept for this tab only, and the page
 * is shown again with it. Renders `children` otherwise.
 */
export function SignIn({ children }: { children: preact.ComponentChildren }) {
  const [needed, setNeeded] = useState(false);
  const [refused, setRefused] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [key, setKey] = useState('');
  useEffect(
    () =>
      onKeyNeeded((state) => {
        setNeeded(state.needed);
        // Several calls may be refused for one key: any of them saying so is enough.
        if (state.needed) setRefused((before) => before || state.refused);
        else {
          setRefused(false);
          setGeneration((value) => value + 1);
        }
      }),
    [],
  );
  if (!needed) return <Fragment key={generation}>{children}</Fragment>;
  return (
    <form
      class="sign-in"
      onSubmit={(event) => {
        event.preventDefault();
        if (key.trim() !== '') signIn(key.trim());
      }}
    >
      <h2>This orchestrator needs an API key</h2>
      <p>
        {refused ? 'The key was refused. ' : ''}It is kept for this tab only, and sent as a header, never in a
        URL.
      </p>
      <label class="field">
        <span>API key</span>
        <input
          type="password"
          autocomplete="current-password"
          value={key}
          onInput={(event) => setKey((event.target as HTMLInputElement).value)}
        />
      </label>
      <button type="submit">Sign in</button>
    </form>
  );
}
