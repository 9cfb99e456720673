/** The settlement properties of issue 19 over many random bets (docs/SPORTS-RULES.md, "Properties"). */
import { describeSettlementProperties } from './settlement.fixture.js';

describeSettlementProperties(10_000);
