// The fuzz's shard 3 of 4 (test/support/fuzz-suite.ts says what it sends and checks).
import { fuzzShard } from '../support/fuzz-suite';

fuzzShard(3, 4);
