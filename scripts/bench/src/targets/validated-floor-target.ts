/**
 * Target: the floor plus validation (see floor-app.ts): its params are first checked with `@baton/protocol`'s
 * SendMessageRequest schema, as every A2A server must check what it is sent. Not one of the compared targets:
 * `quick --target validated-floor-target` beside `floor-target` shows what validation alone costs against the
 * floor (docs/benchmarks.md, "What a task costs").
 */
import { serveFloor } from './floor-app.ts';

serveFloor({ validate: true });
