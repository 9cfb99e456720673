/** Races (issue 20; docs/RED-PACKET-RAIN.md): what other modules may use. */
export { settleRace, settleRaceById, settleDueRaces } from './race-service.js';
export { memberScore, topScores, maskedName } from './scores.js';
