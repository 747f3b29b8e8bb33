import { randomUUID } from 'node:crypto';
import { describeWithEngine } from '../../test/real-engines.ts';
import { singleUseTokensConformance } from './single-use-tokens.conformance.ts';
import { openRedisSingleUseTokens } from './redis-single-use-tokens.ts';

// Runs against REDIS_URL (scripts/services/redis.sh), else a Redis container through Testcontainers,
// else is reported skipped with the reason. Every run has its own key prefix.
describeWithEngine('redis', 'RedisSingleUseTokens', (url) => {
  const runPrefix = `test:single-use:${randomUUID()}:`;
  singleUseTokensConformance('redis', () => openRedisSingleUseTokens({ url, keyPrefix: runPrefix }));
});
