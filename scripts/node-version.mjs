// The Node versions lobby supports, checked by `npm start` before it loads anything else.
// Plain syntax on purpose: an old Node must be able to run this file to say what it needs.

/** The supported Node versions, as package.json's `engines.node` names them. */
export const SUPPORTED_NODE = '^20.19.0 || >=22.12.0';

/**
 * Why `version` (process.versions.node, e.g. '20.20.2') cannot run lobby, or null when it can.
 *
 * @example unsupportedNode('18.20.4') // 'lobby needs Node.js 20.19 or later 20.x, or 22.12 or later; this is Node.js 18.20.4. ...'
 */
export function unsupportedNode(version) {
  const parts = String(version).replace(/^v/, '').split('.').map(Number);
  const major = parts[0];
  const minor = parts[1] || 0;
  if (major === 20 && minor >= 19) return null;
  if (major === 22 && minor >= 12) return null;
  if (major > 22) return null;
  return (
    'lobby needs Node.js 20.19 or later 20.x, or 22.12 or later; this is Node.js ' + version + '.\n' +
    '  Install Node 22 (or 20.19+), for example with nvm: nvm install 22 && nvm use 22'
  );
}
