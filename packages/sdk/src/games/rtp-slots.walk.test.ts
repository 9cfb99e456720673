/** The slots' RTP by simulation (docs/PROVABLY-FAIR.md, "Statistical bound"). */
import { describeRtpSimulations } from './rtp-simulation.fixture.js';

describeRtpSimulations(['slots']);
