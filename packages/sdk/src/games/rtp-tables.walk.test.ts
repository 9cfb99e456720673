/** The RTP of fishing, the card games and the dice draw by simulation (docs/PROVABLY-FAIR.md, "Statistical bound"). */
import { describeRtpSimulations } from './rtp-simulation.fixture.js';

describeRtpSimulations(['fishing', 'dragonTiger', 'baccarat', 'dice']);
