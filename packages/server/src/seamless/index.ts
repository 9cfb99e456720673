/** The seamless wallet (issue 18): lobby's endpoint for game providers, and the client a provider uses. */
export { SeamlessWalletClient, injectTransport, fetchTransport, SEAMLESS_CLIENT_TIMEOUT_MS } from './client.js';
export type { SeamlessClientOptions, SeamlessResult, SeamlessTransport, SeamlessTransportAnswer, SeamlessTransportRequest, ClientFailureCode } from './client.js';
export { STUDIO_PROVIDER_ID, seamlessProvidersOf, studioCredentialsOf } from './credentials.js';
export type { SeamlessProvider } from './credentials.js';
export { SEAMLESS_HEADERS, SEAMLESS_PATH_PREFIX, SEAMLESS_TIMESTAMP_WINDOW_MS, seamlessSignature, signatureMatches } from './seamless-protocol.js';
export type {
  AuthenticateAnswer, AuthenticateRequest, BalanceAnswer, BalanceRequest, BetRequest, ErrorAnswer, RollbackRequest,
  SeamlessAnswers, SeamlessErrorCode, SeamlessOperation, SeamlessRequests, TransactionAnswer, WinRequest,
} from './seamless-protocol.js';
export { sweepStaleRounds, SEAMLESS_ROUND_IDLE_MAX_MS, SEAMLESS_SWEEP_INTERVAL_MS } from './seamless-sweep.js';
export type { SweepResult } from './seamless-sweep.js';
