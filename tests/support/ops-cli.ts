import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from './server.js';

/**
 * Runs `npm run ops -- <args>` (scripts/ops.mjs, the operator CLI) against a running
 * server with the demo operator token; answers the exit code and output.
 *
 * @example const { code, stdout } = await runOps(server.url, 'feedback', 'list', '--waiting');
 */
export function runOps(serverUrl: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(repoRoot, 'scripts/ops.mjs'), ...args, '--url', serverUrl], { cwd: repoRoot, env: { ...process.env, LOBBY_OPERATOR_TOKEN: '' } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (code) => resolve({ code: code ?? -1, stdout, stderr }));
  });
}
