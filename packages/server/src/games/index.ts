export * from './catalogue-repository.js';
export * from './catalogue-sync.js';
export * from './game-provider.js';
export * from './launch-service.js';
export * from './launch-tokens.js';
