#!/usr/bin/env node
// In the workspace the starter runs from its TypeScript source through tsx; a packed package runs dist/cli.js.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
