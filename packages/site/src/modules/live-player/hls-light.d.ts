// hls.js ships its light build's code (dist/hls.light.mjs, package export "./light") without
// a type file of its own; its API is the full build's.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
