#!/usr/bin/env node
// `npm start`: checks the Node version first, then serves (scripts/serve.mjs). Everything
// else is imported only after the check, so an unsupported Node gets a sentence naming the
// version it needs rather than a crash in some module it cannot run.
import { unsupportedNode } from './node-version.mjs';

const problem = unsupportedNode(process.versions.node);
if (problem) {
  console.error(problem);
  process.exit(1);
}
await import('./serve.mjs');
