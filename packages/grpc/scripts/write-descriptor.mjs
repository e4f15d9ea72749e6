// Writes src/a2a-descriptor.ts: the A2A proto (proto/a2a.proto and google/rpc/status.proto) as protobufjs JSON, so
// the binding starts without reading or parsing .proto files. `pnpm --filter @baton/grpc descriptor`; a test fails
// when the file no longer matches the .proto files.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import protobuf from 'protobufjs';

const root = new protobuf.Root();
root.loadSync(['proto/a2a.proto', 'proto/google/rpc/status.proto'], { keepCase: false });
const json = JSON.stringify(root.toJSON(), null, 2);
writeFileSync(
  'src/a2a-descriptor.ts',
  `// Written by scripts/write-descriptor.mjs from proto/ (do not edit): the A2A proto as protobufjs JSON.\n// (Typed loosely: protobufjs's own INamespace types miss fields its toJSON writes, such as a map's keyType.)\nexport const A2A_DESCRIPTOR: Readonly<Record<string, unknown>> = ${json};\n`,
);
// In the repository's style, so that lint passes on what was written.
const biome = new URL('../../../node_modules/.bin/biome', import.meta.url).pathname;
execFileSync(biome, ['format', '--write', 'src/a2a-descriptor.ts'], { stdio: 'inherit' });
