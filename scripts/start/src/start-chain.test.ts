/**
 * What `npm start` runs after the install, as a process: the four apps bundled and started with plain node on
 * free ports, a run through them, then one SIGINT (what Ctrl-C sends) stopping them all cleanly.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const LAUNCHER = fileURLToPath(new URL('./start-chain.mjs', import.meta.url));

/** A port such that it and the next three are free on 127.0.0.1. */
async function freeBase(): Promise<number> {
  const free = (port: number) =>
    new Promise<boolean>((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
  for (;;) {
    const base = 20_000 + Math.floor(Math.random() * 30_000);
    const checks = await Promise.all([0, 1, 2, 3].map((offset) => free(base + offset)));
    if (checks.every(Boolean)) return base;
  }
}

describe('the chain launcher', () => {
  let launcher: ChildProcess | undefined;
  afterAll(() => {
    launcher?.kill('SIGKILL');
  });

  it('starts the four apps, runs the chain through them, and stops them all on one SIGINT', async () => {
    const base = await freeBase();
    const env: NodeJS.ProcessEnv = { ...process.env, BATON_START_PORT: String(base), BATON_STORE: 'memory' };
    delete env.LOG_FORMAT;
    delete env.AGENT_URLS;
    const child = spawn(process.execPath, [LAUNCHER], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    launcher = child;
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    // `close`: the process has exited and its output has all been read.
    const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));

    const orchestrator = `http://127.0.0.1:${base}`;
    const deadline = Date.now() + 60_000;
    let reachable = 0;
    while (reachable < 3 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const agents = await fetch(`${orchestrator}/agents`).then(
        (response) =>
          response.ok ? (response.json() as Promise<{ agents: { reachable: boolean }[] }>) : undefined,
        () => undefined,
      );
      reachable = agents?.agents.filter((agent) => agent.reachable).length ?? 0;
    }
    expect(reachable, stdout + stderr).toBe(3);

    const run = (await (
      await fetch(`${orchestrator}/runs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ topic: 'The history of tea', wait: true }),
      })
    ).json()) as { status: string; artifacts: { summary?: { summary: string } } };
    expect(run.status).toBe('completed');
    expect(run.artifacts.summary?.summary).toContain('Tea is a beverage');

    child.kill('SIGINT');
    expect(await exited).toBe(0);
    // Read once every app has exited (a log line can trail the HTTP answer it follows). Every line an app
    // printed is led by its name; without a terminal the log lines stay JSON.
    const lines = stdout.split('\n').filter((line) => line.trim() !== '');
    expect(lines[0]).toMatch(/^Starting the chain \(/);
    for (const line of lines.slice(1)) {
      expect(line).toMatch(/^(outline-agent|doc-agent|summary-agent|orchestrator) *│ /);
    }
    const logged = lines.find((line) => line.includes('Run completed')) ?? '';
    expect(JSON.parse(logged.slice(logged.indexOf('│ ') + 2))).toMatchObject({ msg: 'Run completed' });
    const stopped = stdout.split('\n').filter((line) => /│ stopped$/.test(line));
    expect(stopped.map((line) => line.split(' ')[0]).sort()).toEqual([
      'doc-agent',
      'orchestrator',
      'outline-agent',
      'summary-agent',
    ]);
    expect(stdout + stderr).not.toMatch(/ELIFECYCLE|exited on its own|Error/);
    const stillAnswering = await fetch(`${orchestrator}/agents`).then(
      () => true,
      () => false,
    );
    expect(stillAnswering).toBe(false);
  });
});
