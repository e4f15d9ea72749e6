#!/usr/bin/env node
// In the workspace the CLI runs from its TypeScript source through tsx; a packed @baton/cli runs dist/baton.js.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
