import { fuzzSuite } from '../support/fuzz-suite';

/** The fuzz (test/support/fuzz-suite.ts), shard 4 of 4: the shards run side by side. */
fuzzSuite(3, 4);
