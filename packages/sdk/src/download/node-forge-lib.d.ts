// node-forge's deep modules (lib/*.js) each add to and export the one `forge` namespace;
// @types/node-forge types only the package root, so the deep paths borrow its types.
declare module 'node-forge/lib/forge.js' {
  import forge from 'node-forge';
  export default forge;
}
declare module 'node-forge/lib/rsa.js';
declare module 'node-forge/lib/sha1.js';
