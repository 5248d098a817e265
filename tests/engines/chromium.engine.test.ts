import { launchChromium } from './chromium.js';
import { runChecks } from './suite.js';

runChecks('chromium', launchChromium);
