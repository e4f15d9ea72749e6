#!/usr/bin/env node
// The launcher's command line, in TypeScript through tsx (a workspace tool, not a published binary).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
