import { parseArgs } from 'node:util';
import { usage } from './cli-error.ts';

/** The options every command takes (where they apply). */
export interface CliOptions {
  readonly json: boolean;
  readonly help: boolean;
  readonly headers: Readonly<Record<string, string>>;
  readonly apiKey: string | undefined;
  readonly bearer: string | undefined;
  readonly binding: 'JSONRPC' | 'HTTP+JSON' | undefined;
  readonly version: '1.0' | '0.3' | undefined;
  readonly taskId: string | undefined;
  readonly contextId: string | undefined;
  readonly token: string | undefined;
  readonly jwks: string | undefined;
  readonly orchestrator: string | undefined;
  readonly chain: string | undefined;
  readonly audience: string | undefined;
  readonly length: string | undefined;
  readonly sections: string | undefined;
  readonly state: string | undefined;
  readonly timeoutMs: number | undefined;
  /** `baton mcp --http <port>`: serve MCP over streamable HTTP on this port instead of stdio. */
  readonly httpPort: number | undefined;
  /** `baton mcp --host`: where the HTTP endpoint listens; default 127.0.0.1. */
  readonly host: string | undefined;
  /** `baton mcp --mcp-token`: the bearer token MCP clients must send (or `BATON_MCP_TOKEN`). */
  readonly mcpToken: string | undefined;
  /** `--oauth-client`: get OAuth tokens from the card's authorization server as this client. */
  readonly oauthClient: string | undefined;
  /** `--oauth-secret` (or `BATON_OAUTH_CLIENT_SECRET`): its secret; without one, the device code flow. */
  readonly oauthSecret: string | undefined;
  /** `--scope` (repeatable): the scopes to ask for; default those the card's requirements name. */
  readonly scopes: readonly string[];
  /** `baton approve|reject --step`: the approval step (or instance key) decided. */
  readonly step: string | undefined;
  /** `baton approve|reject --comment`: why. */
  readonly comment: string | undefined;
  /** `baton approve --artifact <json>`: the artifact shown, as edited. */
  readonly artifact: string | undefined;
  /** `baton chain --plan`: the words are a goal, its chain planned from the agents' skills. */
  readonly plan: boolean;
  /** `baton chain --plan --approve`: a person approves the plan before it runs. */
  readonly approve: boolean;
}

const OPTIONS = {
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  header: { type: 'string', short: 'H', multiple: true },
  'api-key': { type: 'string' },
  bearer: { type: 'string' },
  binding: { type: 'string' },
  'a2a-version': { type: 'string' },
  task: { type: 'string' },
  context: { type: 'string' },
  token: { type: 'string' },
  jwks: { type: 'string' },
  orchestrator: { type: 'string' },
  chain: { type: 'string' },
  audience: { type: 'string' },
  length: { type: 'string' },
  sections: { type: 'string' },
  state: { type: 'string' },
  timeout: { type: 'string' },
  http: { type: 'string' },
  host: { type: 'string' },
  'mcp-token': { type: 'string' },
  'oauth-client': { type: 'string' },
  'oauth-secret': { type: 'string' },
  scope: { type: 'string', multiple: true },
  step: { type: 'string' },
  comment: { type: 'string' },
  artifact: { type: 'string' },
  plan: { type: 'boolean' },
  approve: { type: 'boolean' },
} as const;

const BINDINGS: Readonly<Record<string, CliOptions['binding']>> = {
  jsonrpc: 'JSONRPC',
  'json-rpc': 'JSONRPC',
  rest: 'HTTP+JSON',
  http: 'HTTP+JSON',
  'http+json': 'HTTP+JSON',
};

/** Splits the command line into positionals and options; a wrong option is a usage error naming it. */
export function parseCli(argv: readonly string[]): { positionals: string[]; options: CliOptions } {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw usage((error as Error).message.replace(/\. To specify a positional argument.*$/, ''));
  }
  const { values } = parsed;
  const headers: Record<string, string> = {};
  for (const header of values.header ?? []) {
    const at = header.indexOf(':');
    if (at <= 0) throw usage(`--header must be "Name: value", got "${header}"`);
    headers[header.slice(0, at).trim()] = header.slice(at + 1).trim();
  }
  const binding = values.binding === undefined ? undefined : BINDINGS[values.binding.toLowerCase()];
  if (values.binding !== undefined && !binding) {
    throw usage(`--binding must be jsonrpc or rest, got "${values.binding}"`);
  }
  const version = values['a2a-version'];
  if (version !== undefined && version !== '1.0' && version !== '0.3') {
    throw usage(`--a2a-version must be 1.0 or 0.3, got "${version}"`);
  }
  const timeout = values.timeout === undefined ? undefined : Number(values.timeout);
  if (timeout !== undefined && !(Number.isFinite(timeout) && timeout > 0)) {
    throw usage(`--timeout must be a number of seconds, got "${values.timeout}"`);
  }
  const httpPort = values.http === undefined ? undefined : Number(values.http);
  if (httpPort !== undefined && !(Number.isInteger(httpPort) && httpPort >= 0 && httpPort <= 65535)) {
    throw usage(`--http must be a port number, got "${values.http}"`);
  }
  return {
    positionals: parsed.positionals,
    options: {
      json: values.json ?? false,
      help: values.help ?? false,
      headers,
      apiKey: values['api-key'],
      bearer: values.bearer,
      binding,
      version,
      taskId: values.task,
      contextId: values.context,
      token: values.token,
      jwks: values.jwks,
      orchestrator: values.orchestrator,
      chain: values.chain,
      audience: values.audience,
      length: values.length,
      sections: values.sections,
      state: values.state,
      timeoutMs: timeout === undefined ? undefined : timeout * 1000,
      httpPort,
      host: values.host,
      mcpToken: values['mcp-token'],
      oauthClient: values['oauth-client'],
      oauthSecret: values['oauth-secret'] ?? process.env.BATON_OAUTH_CLIENT_SECRET,
      scopes: (values.scope ?? []).flatMap((scope) => scope.split(/[\s,]+/).filter(Boolean)),
      step: values.step,
      comment: values.comment,
      artifact: values.artifact,
      plan: values.plan === true,
      approve: values.approve === true,
    },
  };
}
