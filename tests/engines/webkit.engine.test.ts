import { addProbe } from './probe.js';
import { runChecks } from './suite.js';
import { launchWebKit } from './webkit.js';

runChecks('webkit', launchWebKit, { prepare: addProbe, editor: { secure: true } });
