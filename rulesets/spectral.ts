// Entry point for Spectral's CLI and editor extensions: `spectral lint -r dist/rulesets/spectral.js`.
import { buildRuleset } from './index.js';

export default buildRuleset();
