import { launchFirefox } from './firefox.js';
import { runChecks } from './suite.js';

runChecks('firefox', launchFirefox, { editor: { secure: false } });
