export { defineElement } from './core/define.js';
export type { ElementRegistry } from './core/define.js';
export { installStub } from './loader/stub.js';
export type { LobbyHandler, LobbyHost, LobbyStub } from './loader/stub.js';
