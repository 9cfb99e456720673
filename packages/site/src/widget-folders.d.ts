/** Written by the site build (rollup.config.mjs): the widget folders that have an entry.ts. */
declare module 'virtual:lobby-widget-folders' {
  const folders: readonly string[];
  export default folders;
}
