/** Target: the floor (see floor-app.ts), without validation: a lower bound for any task-keeping server. */
import { serveFloor } from './floor-app.ts';

serveFloor({ validate: false });
