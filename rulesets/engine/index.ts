// The rules the engine applies itself (`$ref`s, inline ignores), beside the Spectral rules of
// rulesets/rules/: each id has its rule file here, its test in test/rules/, fixtures in
// fixtures/rules/ and a docs page in docs/rules/.
import type { EngineRule } from '../rule.js';
import invalidRef from './invalid-ref.js';
import refOutsideProject from './ref-outside-project.js';
import remoteRef from './remote-ref.js';
import unusedIgnore from './unused-ignore.js';

export { invalidRef, refOutsideProject, remoteRef, unusedIgnore };

export const engineRules: readonly EngineRule[] = [invalidRef, refOutsideProject, remoteRef, unusedIgnore];
