/**
 * `baton` as a process against real servers on 127.0.0.1: the conformance agent (Baton), the official
 * JavaScript SDK's server, and the chain (three agents and the orchestrator); one run through a pseudo-terminal.
 */
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type AppProcess, startAppProcess, startOpenAiStandIn } from '@baton/chain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario, type SdkServer, startSdkServer } from '../../protocol/test/interop/sdk-server.ts';
import { BATON_BIN, runBaton, startBaton } from './run-baton.ts';

const apps: AppProcess[] = [];
let conformance = '';
let sdk: SdkServer;

beforeAll(async () => {
  const agent = await startAppProcess('conformance-agent', { BATON_STORE: 'memory' });
  apps.push(agent);
  conformance = agent.url;
  sdk = await startSdkServer();
}, 30_000);

afterAll(async () => {
  await Promise.all(apps.map((app) => app.stop()));
  await sdk?.close();
});

const lines = (text: string) => text.split('\n').filter((line) => line !== '');

describe('baton against the conformance agent (Baton)', () => {
  it('prints the card readably, and as one JSON object with --json', async () => {
    const readable = await runBaton(['card', conformance]);
    expect(readable.code).toBe(0);
    expect(readable.stdout).toContain('Baton conformance agent 1.0.0 (card 1.0');
    expect(readable.stdout).toContain(`JSONRPC 1.0  ${conformance}/a2a/jsonrpc`);
    expect(readable.stdout).toContain('capabilities: streaming, pushNotifications, extendedAgentCard');
    expect(readable.stdout).toContain('signatures: none');
    const json = await runBaton(['card', conformance, '--json']);
    expect(lines(json.stdout)).toHaveLength(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      shape: '1.0',
      card: { name: 'Baton conformance agent' },
    });
  });

  it('sends a message and waits for the completed task, on each binding and version', async () => {
    for (const extra of [
      [],
      ['--binding', 'rest'],
      ['--a2a-version', '0.3'],
      ['--binding', 'rest', '--a2a-version', '0.3'],
    ]) {
      const result = await runBaton(['send', conformance, 'hello', 'agent', ...extra]);
      expect(result.code, extra.join(' ')).toBe(0);
      expect(result.stdout).toMatch(/^task [\w-]+ completed \(context [\w-]+\)\nhello agent\n/);
    }
  });

  it('streams with plain state lines on stderr when piped, and one JSON event per line with --json', async () => {
    const plain = await runBaton(['stream', conformance, 'hi']);
    expect(plain.code).toBe(0);
    expect(lines(plain.stderr)).toEqual([
      expect.stringMatching(/^task [\w-]+: submitted$/),
      expect.stringMatching(/^task [\w-]+: completed: hi$/),
    ]);
    const json = await runBaton(['stream', conformance, 'hi', '--json']);
    const events = lines(json.stdout).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(events.map((event) => Object.keys(event)[0])).toEqual(['task', 'statusUpdate']);
  });

  it('gets and lists tasks, and manages push configs', async () => {
    const sent = await runBaton(['send', conformance, 'keep me', '--json']);
    const taskId = (JSON.parse(sent.stdout) as { task: { id: string } }).task.id;
    const got = await runBaton(['task', 'get', conformance, taskId]);
    expect(got.code).toBe(0);
    expect(got.stdout).toContain(`task ${taskId} completed`);
    const listed = await runBaton(['task', 'list', conformance, '--state', 'completed']);
    expect(listed.stdout).toContain(taskId);
    const hook = createServer((_request, response) => response.writeHead(204).end());
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve));
    try {
      const webhook = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/hook`;
      const set = await runBaton(['push', 'set', conformance, taskId, webhook, '--token', 'tok', '--json']);
      expect(set.code).toBe(0);
      const configId = (JSON.parse(set.stdout) as { id: string }).id;
      expect((await runBaton(['push', 'list', conformance, taskId])).stdout).toContain(
        `${configId}  ${webhook}  (token set)`,
      );
      expect((await runBaton(['push', 'delete', conformance, taskId, configId])).code).toBe(0);
      expect((await runBaton(['push', 'list', conformance, taskId])).stderr).toBe('no push configs\n');
      const refused = await runBaton(['push', 'set', conformance, taskId, 'http://10.0.0.1/hook']);
      expect(refused.code).toBe(3);
      expect(lines(refused.stderr)).toEqual([expect.stringContaining('InvalidParamsError (-32602)')]);
    } finally {
      await new Promise((resolve) => hook.close(resolve));
    }
  });

  it('says in one line what is wrong: usage (2), unreachable (3), unknown task (3)', async () => {
    const usage = await runBaton(['send', conformance]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toBe('baton: baton send takes a URL and a message (see --help)\n');
    const option = await runBaton(['card', conformance, '--colour']);
    expect(option.code).toBe(2);
    expect(lines(option.stderr)).toHaveLength(1);
    const unreachable = await runBaton(['card', 'http://127.0.0.1:9']);
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toMatch(
      /^baton: Could not fetch the agent card at http:\/\/127\.0\.0\.1:9\/\.well-known\/agent-card\.json\n$/,
    );
    const unknown = await runBaton(['task', 'get', conformance, 'no-such-task']);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/^baton: The agent answered TaskNotFoundError \(-32001\)/);
  });

  it('has --help for every command', async () => {
    for (const command of ['card', 'send', 'stream', 'task', 'push', 'chain']) {
      const help = await runBaton([command, '--help']);
      expect(help.code, command).toBe(0);
      expect(help.stdout).toContain(`baton ${command}`);
    }
    expect((await runBaton(['--help'])).stdout).toContain(
      'Exit codes: 0 completed, 1 failed / rejected / canceled, 2 usage, 3 unreachable',
    );
  });

  it('draws one progress line in place on a terminal (through a pseudo-terminal)', async () => {
    const command = `${process.execPath} ${BATON_BIN} stream ${conformance} hello`;
    const output = await new Promise<string>((resolve, reject) =>
      execFile('script', ['-qfec', command, '/dev/null'], { timeout: 30_000 }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      ),
    );
    // Each state redraws the line: carriage return, then ESC [2K (erase the line).
    const redraw = '\r\u001b[2K';
    expect(output).toContain(`${redraw}task `);
    expect(output.split(redraw).slice(1)).toEqual([
      expect.stringMatching(/^task [\w-]+: submitted$/),
      expect.stringMatching(/^task [\w-]+: completed: hello\r?\n/),
    ]);
  });
});

describe('baton against the official JavaScript SDK server', () => {
  it('reads its card and streams a task with a chunked artifact to stdout', async () => {
    const card = await runBaton(['card', sdk.base]);
    expect(card.code).toBe(0);
    const streamed = await runBaton(['stream', sdk.base, Scenario.complete]);
    expect(streamed.code).toBe(0);
    expect(streamed.stdout).toContain('# Tea');
    expect(streamed.stderr).toMatch(/completed/);
  });

  it('exits 1 when the task it follows is canceled, and 0 for the cancel itself', async () => {
    const follow = startBaton(['stream', sdk.base, Scenario.long], /task ([\w-]+): working/);
    const taskId = await follow.started;
    const canceled = await runBaton(['task', 'cancel', sdk.base, taskId]);
    expect(canceled.code).toBe(0);
    expect(canceled.stdout).toContain(`task ${taskId} canceled`);
    const ended = await follow.exited;
    expect(ended.code).toBe(1);
    expect(ended.stderr).toMatch(/canceled/);
  });

  it('speaks 0.3 to it when asked', async () => {
    const result = await runBaton(['send', sdk.base, Scenario.complete, '--a2a-version', '0.3']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^task [\w-]+ completed/);
  });
});

describe('baton chain against the orchestrator', () => {
  it('runs the chain, showing each step, and prints the summary', async () => {
    const env = { BATON_STORE: 'memory' };
    const agents = await Promise.all(
      ['outline-agent', 'doc-agent', 'summary-agent'].map((app) => startAppProcess(app, env)),
    );
    apps.push(...agents);
    const orchestrator = await startAppProcess('orchestrator', {
      ...env,
      AGENT_URLS: agents.map((a) => a.url).join(','),
    });
    apps.push(orchestrator);
    const result = await runBaton([
      'chain',
      'The',
      'history',
      'of',
      'tea',
      '--orchestrator',
      orchestrator.url,
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toMatch(/^run [\w-]+\n/);
    for (const step of ['outline', 'document', 'summary'])
      expect(result.stderr).toContain(`${step}: completed`);
    expect(result.stdout).toContain('Key points:');
    // The outline agent answers with a DataPart: shown as data a person reads, not as raw JSON.
    const outline = await runBaton(['send', agents[0]?.url ?? '', 'The history of tea']);
    expect(outline.code).toBe(0);
    expect(outline.stdout).toMatch(/^title: .+$/m);
    expect(outline.stdout).toMatch(/^topic: The history of tea$/m);
    expect(outline.stdout).toMatch(/^sections:\n {2}- /m);
    expect(outline.stdout).not.toContain('"sections"');
    const json = await runBaton(['chain', 'tea', '--orchestrator', orchestrator.url, '--json']);
    const types = lines(json.stdout).map((line) => (JSON.parse(line) as { type: string }).type);
    expect(types[0]).toBe('run.started');
    expect(types.at(-1)).toBe('run.completed');
    const audiences = await runBaton([
      'chain',
      'bees',
      '--chain',
      'audiences',
      '--orchestrator',
      orchestrator.url,
    ]);
    expect(audiences.code).toBe(0);
    expect(audiences.stderr).toContain('for-experts: completed');
    expect(audiences.stdout).toMatch(/: a brief\n/);
    const unknown = await runBaton(['chain', 'bees', '--chain', 'nope', '--orchestrator', orchestrator.url]);
    expect(unknown.code).toBe(3);
    expect(unknown.stderr).toMatch(/^baton: No chain named "nope"/);
    const down = await runBaton(['chain', 'tea', '--orchestrator', 'http://127.0.0.1:9']);
    expect(down.code).toBe(3);
    expect(down.stderr).toMatch(/^baton: Could not reach the orchestrator at http:\/\/127\.0\.0\.1:9/);

    // An approval step: without a terminal, `baton chain` says how to decide and waits; `baton approve` decides.
    const gated = {
      name: 'gated',
      description: 'an outline a person approves before the document is written',
      steps: [
        { id: 'outline', skill: 'baton.outline', send: [{ topic: true }] },
        {
          id: 'sign-off',
          dependsOn: ['outline'],
          approval: { prompt: 'Write this outline up?', show: 'outline' },
        },
        {
          id: 'document',
          skill: 'baton.document',
          dependsOn: ['sign-off'],
          send: [{ artifact: 'sign-off' }],
        },
      ],
      result: 'document',
    };
    const registered = await fetch(`${orchestrator.url}/chains`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(gated),
    });
    expect(registered.status).toBe(201);
    const waiting = startBaton(
      ['chain', 'bees', '--chain', 'gated', '--orchestrator', orchestrator.url],
      /^run ([\w-]+)\n[\s\S]*waiting for approval: Write this outline up\?/,
    );
    const runId = await waiting.started;
    expect(
      (await runBaton(['reject', runId, '--step', 'nope', '--orchestrator', orchestrator.url])).code,
    ).toBe(3);
    const approved = await runBaton([
      'approve',
      runId,
      '--comment',
      'good',
      '--orchestrator',
      orchestrator.url,
    ]);
    expect(approved).toMatchObject({ code: 0, stdout: `run ${runId} approved; it is running\n` });
    const finished = await waiting.exited;
    expect(finished.code).toBe(0);
    expect(finished.stderr).toContain('document: completed');

    // A goal: `baton plan` shows the planned chain, `baton chain --plan` plans and runs it.
    const plan = await runBaton([
      'plan',
      'Explain how glaciers shape valleys, once for beginners and once for experts, and merge both into one brief',
      '--orchestrator',
      orchestrator.url,
    ]);
    expect(plan.code).toBe(0);
    expect(plan.stderr).toMatch(
      /^topic: how glaciers shape valleys\n- The goal asks for what baton\.summary/,
    );
    const planned = JSON.parse(plan.stdout) as { steps: { skill: string }[]; result: string };
    expect(planned.steps.map((step) => step.skill)).toEqual([
      'baton.outline',
      'baton.document',
      'baton.summary',
      'baton.summary',
      'baton.summary',
    ]);
    const goalRun = await runBaton([
      'chain',
      '--plan',
      'Explain how rivers carve canyons',
      '--orchestrator',
      orchestrator.url,
    ]);
    expect(goalRun.code).toBe(0);
    expect(goalRun.stderr).toContain('document: completed');
    const refused = await runBaton([
      'plan',
      'Book me a flight to Lisbon',
      '--orchestrator',
      orchestrator.url,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^baton: No skill of the agents I know/);
  }, 90_000);
});

describe('baton chain when a model fails', () => {
  it('shows the waits and then why the step failed, in words, as the run and the console do', async () => {
    const standIn = await startOpenAiStandIn([
      { status: 429, message: 'Rate limit reached for tiny-model', headers: { 'retry-after': '1' } },
      { status: 500, message: 'The model crashed', headers: { 'retry-after-ms': '10' } },
      { status: 500, message: 'The model crashed', headers: { 'retry-after-ms': '10' } },
    ]);
    try {
      const env = { BATON_STORE: 'memory' };
      const llm = {
        ...env,
        BATON_LLM_BASE_URL: standIn.baseURL,
        BATON_LLM_MODEL: 'tiny-model',
        BATON_LLM_API_KEY: 'sk-never-shown-42',
      };
      const agents = await Promise.all([
        startAppProcess('outline-agent', llm),
        startAppProcess('doc-agent', env),
        startAppProcess('summary-agent', env),
      ]);
      apps.push(...agents);
      const orchestrator = await startAppProcess('orchestrator', {
        ...env,
        AGENT_URLS: agents.map((a) => a.url).join(','),
      });
      apps.push(orchestrator);
      const result = await runBaton(['chain', 'tea', '--orchestrator', orchestrator.url]);
      const cause = "The model's server answered 500 The model crashed; tried 3 times";
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(cause);
      expect(result.stderr + result.stdout).not.toContain('sk-never-shown');
      expect(result.stderr).not.toContain('The agent failed while working on this task');
      expect(result.stderr).toMatch(
        /^outline: working \(task [\w-]+\): Waiting for the model \(attempt 2 of 3, retrying in 1 s\)/m,
      );
      // The run itself says so, and its events carried the wait the console shows in the timeline.
      const runs = (await (await fetch(`${orchestrator.url}/runs?limit=1`)).json()) as {
        runs: { runId: string; status: string; error?: { message: string } }[];
      };
      expect(runs.runs[0]).toMatchObject({
        status: 'failed',
        error: { message: expect.stringContaining(cause) },
      });
      const events = await (await fetch(`${orchestrator.url}/runs/${runs.runs[0]?.runId}/events`)).text();
      expect(events).toContain(
        'Waiting for the model (attempt 2 of 3, retrying in 1 s): the server answered 429',
      );
    } finally {
      await standIn.close();
    }
  }, 60_000);
});
